import Encryption
import Foundation
@testable import Sealing
import Testing

@Suite struct SealingTests {
    static let master = SealingKey(bytes: Array(repeating: 7, count: 32))!
    static let keyFile = ArchiveKeyFile(salt: Array(repeating: 1, count: 16), rounds: SealingKey.iterations, master: master)!
    static let words = SealedShell.Words(rootAttributes: #"lang="en-US" dir="ltr""#, title: "Encrypted archive", label: "Passphrase",
                                         button: "Open", needsScript: "Needs JavaScript", openerWords: "{}")
    static let sealer = ArchiveSealer(master: master, keyFile: keyFile, shell: words, inlined: ["ava/visit-print.css": "@page { margin: 1cm }"])!

    @Test("a page's links are resolved from its folder and written as the places of what they name", arguments: [
        ("ava/2026/11/20.html", "19.html", "ava/2026/11/19.html"),
        ("ava/2026/11/20.html", "../../index.html#today", "ava/index.html"),
        ("ava/2026/11/20.html", "../../../index.html", "index.html"),
        ("ava/2026/11/20.html", "../../../assets/theme.css", "assets/theme.css"),
        ("ava/index.html", "days.json", "ava/days.json"),
        ("ava/index.html", "./weeks/2026-W47.html", "ava/weeks/2026-W47.html"),
        ("index.html", "assets/search-index.js", "assets/search-index.js"),
    ])
    func links(page: String, link: String, target: String) throws {
        let rewritten = try #require(LinkRewriter(sealer: Self.sealer, page: page).link(link)?.text)
        let fragment = link.contains("#") ? "#" + link.split(separator: "#")[1] : ""
        let root = ArchiveSealer.root(of: Self.sealer.place(of: page) ?? page)
        #expect(rewritten == root + (Self.sealer.place(of: target) ?? "") + fragment)
    }

    @Test("what is not a link into the archive is left as it is", arguments: ["#main", "https://www.cdc.gov/index.html", "mailto:a@b.c", "/etc/passwd", "../../../../x.html", ""])
    func untouched(link: String) {
        #expect(LinkRewriter(sealer: Self.sealer, page: "ava/2026/11/20.html").link(link) == nil)
    }

    @Test("places: index.html and the assets stay; the search index is a script; every other path a name of 32 hex digits; a stylesheet the pages carry has none")
    func places() {
        #expect(Self.sealer.place(of: "index.html") == "index.html")
        #expect(Self.sealer.place(of: "assets/theme.css") == "assets/theme.css")
        #expect(Self.sealer.place(of: "assets/search-index.js")?.wholeMatch(of: /[0-9a-f]{2}\/[0-9a-f]{30}\.js/) != nil)
        #expect(Self.sealer.place(of: "ava/2026/11/20.html")?.wholeMatch(of: /[0-9a-f]{2}\/[0-9a-f]{30}\.html/) != nil)
        #expect(Self.sealer.place(of: "ava/2026/11/20.html") != Self.sealer.place(of: "ava/2026/11/21.html"))
        #expect(Self.sealer.place(of: "ava/visit-print.css") == nil)
        let html = LinkRewriter(sealer: Self.sealer, page: "ava/visit.html")
            .rewrite(Array(#"<meta content="style-src 'self' file:; img-src"><link rel="stylesheet" href="visit-print.css">"#.utf8))
        #expect(String(decoding: html, as: UTF8.self).contains(#"style-src 'self' file: data:;"#))
        #expect(String(decoding: html, as: UTF8.self).contains(#"href="data:text/css;base64,"#))
    }

    @Test("the key file reads back what it wrote; its check opens with its key only")
    func keyFile() throws {
        let read = try #require(ArchiveKeyFile(data: Self.keyFile.data))
        #expect(read == Self.keyFile)
        #expect(read.opens(with: Self.master))
        #expect(!read.opens(with: SealingKey(bytes: Array(repeating: 8, count: 32))!))
    }

    @Test("a hostile key file is refused, never half read: 2,000 changed from a good one by a fixed seed, and each bound")
    func hostileKeyFiles() throws {
        var generator = SplitMix(seed: 60)
        let good = [UInt8](Self.keyFile.data)
        for _ in 0..<2000 {
            var bytes = good
            for _ in 0..<(1 + Int(generator.next() % 4)) {
                let at = Int(generator.next() % UInt64(bytes.count))
                switch generator.next() % 3 {
                case 0: bytes[at] = UInt8(truncatingIfNeeded: generator.next())
                case 1: bytes.remove(at: at)
                default: bytes.insert(UInt8(truncatingIfNeeded: generator.next()), at: at)
                }
            }
            if let read = ArchiveKeyFile(data: Data(bytes)) {
                #expect(read.salt.count == 16 && read.rounds >= SealingKey.iterations && read.rounds <= 10_000_000)
            }
        }
        let text = String(decoding: good, as: UTF8.self)
        for changed in [text.replacingOccurrences(of: "600000", with: "1000"), text.replacingOccurrences(of: "600000", with: "99999999999"),
                        text.replacingOccurrences(of: "\"version\": 1", with: "\"version\": 2"), String(repeating: " ", count: 5000) + text, "[]", ""] {
            #expect(ArchiveKeyFile(data: Data(changed.utf8)) == nil, "\(changed.prefix(80))")
        }
    }

    @Test("a sealed page opens to its plain bytes under its own name and its shell's frame is the same for every page")
    func sealedPage() throws {
        let html = Data(#"<!DOCTYPE html><html lang="en-US"><body><a href="19.html">Thursday</a></body></html>"#.utf8)
        let file = try #require(try Self.sealer.page(html, at: "ava/2026/11/20.html", key: nil))
        guard case .bytes(let data) = file.content else { Issue.record("no bytes"); return }
        let text = String(decoding: data, as: UTF8.self)
        #expect(!text.contains("Thursday") && !text.contains("ava/"))
        let block = try #require(text.firstMatch(of: /id="sealed">([A-Za-z0-9+\/=]+)<\/script>/)).1
        let cipher = try #require(Self.master.expanded(for: ArchiveSealer.cipherPurpose))
        let plain = try Sealed.open([UInt8](Data(base64Encoded: String(block))!), key: cipher, context: Array(file.path.utf8))
        #expect(String(decoding: plain, as: UTF8.self).contains(#"href="../\#(Self.sealer.place(of: "ava/2026/11/19.html")!)""#))
        // The same bytes sealed again: new ciphertext, the same record (so the file is kept).
        let again = try #require(try Self.sealer.page(html, at: "ava/2026/11/20.html", key: nil))
        #expect(again.contentHash == file.contentHash)
        guard case .bytes(let second) = again.content else { return }
        #expect(second != data)
    }
}

/// SplitMix64: a fixed seed's same numbers on every run.
struct SplitMix {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
