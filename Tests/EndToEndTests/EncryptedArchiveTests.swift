import Encryption
import Foundation
import Glibc
import Sealing
import Testing

/// `build --encrypt`: what the archive's files and names say without the passphrase, and
/// how it is kept night after night (docs/safety.md).
@Suite struct EncryptedArchiveTests {
    static let passphrase = "the kettle sings at dawn"

    /// The test's environment with the passphrase given as a family would in a script.
    static func environment(_ passphrase: String = passphrase) -> [String: String] {
        var environment = ProcessInfo.processInfo.environment
        environment["BBREPORT_PASSPHRASE"] = passphrase
        environment["XDG_CACHE_HOME"] = keyCache.path
        environment["CACHE_DIRECTORY"] = nil
        return environment
    }

    /// Where the builds of these tests keep their keys (``KeyCache``), not the user's cache.
    static let keyCache = HarnessFolder.fresh()

    /// The bundled sample built encrypted, with each page's Markdown.
    static func sample() async throws -> URL {
        try await SampleBuilds.archive(["--encrypt", "--markdown"], environment: environment())
    }

    /// Every regular file under `root`, by its path there.
    static func files(_ root: URL) -> [String] {
        var found: [String] = []
        let walker = FileManager.default.enumerator(atPath: root.path)
        while let relative = walker?.nextObject() as? String {
            var isFolder: ObjCBool = false
            if FileManager.default.fileExists(atPath: root.appendingPathComponent(relative).path, isDirectory: &isFolder), !isFolder.boolValue {
                found.append(relative)
            }
        }
        return found.sorted()
    }

    /// The key the archive at `archive` is sealed with, from the tests' passphrase.
    static func master(of archive: URL) throws -> SealingKey {
        let keyFile = try #require(ArchiveKeyFile(data: try Data(contentsOf: archive.appendingPathComponent(ArchiveKeyFile.name))))
        return try #require(SealingKey.derive(passphrase: Array(passphrase.utf8), salt: keyFile.salt, iterations: keyFile.rounds))
    }

    /// `text` without its sealed block (a shell's data block, or the sealed index's second
    /// string), and the block: what is left is all a reader without the passphrase can read.
    static func unsealedPart(of text: String) -> (rest: String, sealed: String) {
        for (open, close) in [(#"id="sealed">"#, "</script>"), (#".js", ""#, #"");"#)] {
            if let start = text.range(of: open), let end = text.range(of: close, range: start.upperBound..<text.endIndex) {
                return (String(text[..<start.upperBound]) + String(text[end.lowerBound...]), String(text[start.upperBound..<end.lowerBound]))
            }
        }
        return (text, "")
    }

    /// What the sample's export says that a page shows: the children's and caregivers'
    /// names, medicines, foods, the notes' longer words and every day's date, as written
    /// and as pages write them ("November 20", "Nov 20"). Words the catalog's own texts
    /// use (the shell's "archive", say) are left out: they are the program's, not the family's.
    static func familyWords() throws -> Set<String> {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(try Tool.run(["sample", "-o", "sample.json"], in: folder).status == 0)
        let export = try JSONSerialization.jsonObject(with: Data(contentsOf: folder.appendingPathComponent("sample.json"))) as! [String: Any]
        var words: Set<String> = []
        for child in export["children"] as! [[String: Any]] { words.insert(child["name"] as! String) }
        for event in export["events"] as! [[String: Any]] {
            for key in ["created_by", "name", "food"] { if let value = event[key] as? String { words.insert(value) } }
            if let text = event["text"] as? String {
                // A link's address is the web's, not the family's (index.html).
                let text = text.replacing(/https?:\/\/[^ )]*/, with: "")
                words.formUnion(text.split(whereSeparator: { !$0.isLetter }).map(String.init).filter { $0.count >= 5 })
            }
            for key in ["started_at", "occurred_at"] { if let time = event[key] as? String { words.insert(String(time.prefix(10))) } }
        }
        words.formUnion(["January", "February", "March", "April", "June", "July", "August", "September", "October", "November", "December",
                         "Nov 20", "Oct 31", "2026-"])
        let catalog = try String(contentsOf: Tool.packageRoot.appendingPathComponent("languages/en.yaml"), encoding: .utf8)
        return words.subtracting(ReadableBytes(catalog).said(words.map { Array($0.utf8) }))
    }

    @Test("no name, date, note word or medicine is in any file's readable bytes or in any path; the sealed blocks are base64 only")
    func saysNothing() async throws {
        let archive = try await Self.sample()
        let plain = try await SampleBuilds.archive(["--markdown"])
        let words = try Self.familyWords().map { Array($0.utf8) }
        #expect(Set(words).isSuperset(of: ["Paracetamol", "Ava", "2026-11-20"].map { Array($0.utf8) }))
        let paths = Self.files(archive)
        let base64 = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/=")
        let opaque = /[0-9a-f]{2}\/[0-9a-f]{30}\.(html|js)/
        var shells = 0, frames: Set<String> = []
        for path in paths {
            let named = ReadableBytes(path).said(words)
            #expect(named.isEmpty, "\(path) names \(named.sorted())")
            let data = try Data(contentsOf: archive.appendingPathComponent(path))
            if path.hasPrefix("assets/") {
                // The program's own files, the same for every family (and the opener).
                let same = path == "assets/open.js" ? try Data(contentsOf: Tool.packageRoot.appendingPathComponent("templates/open.js"))
                    : try Data(contentsOf: plain.appendingPathComponent(path))
                #expect(data == same, "\(path) differs from the plain archive's")
                continue
            }
            #expect(path == "index.html" || path.hasPrefix(".bbreport-") || path.wholeMatch(of: opaque) != nil, "\(path)")
            if path == ".bbreport-export-index" {
                // Bytes only bbreport reads, sealed whole: they open with the key, so none is plain.
                #expect(ArchiveSealer.open([UInt8](data), at: path, master: try Self.master(of: archive)) != nil)
                continue
            }
            let (rest, sealed) = Self.unsealedPart(of: String(decoding: data, as: UTF8.self))
            #expect(sealed.allSatisfy { base64.contains($0) || $0 == "\n" }, "\(path): its sealed block is not only base64")
            let said = ReadableBytes(rest).said(words)
            #expect(said.isEmpty, "\(path) says \(said.sorted())")
            if !sealed.isEmpty, path.hasSuffix(".html") {
                shells += 1
                frames.insert(rest.replacing(/data-name="[^"]*"/, with: "").replacing(/data-sealed="[^"]*"/, with: "").replacing("../", with: ""))
            }
        }
        // Every page, Markdown twin and days.json is a shell, and the shells differ only by name
        // and kind; status.json and feed.xml are left out (docs/safety.md).
        let plainFiles = Self.files(plain).filter {
            !$0.hasPrefix("assets/") && !$0.hasPrefix(".") && !$0.hasSuffix(".css") && !["status.json", "feed.xml"].contains($0)
        }
        #expect(shells == plainFiles.count)
        #expect(frames.count == 1)
    }

    @Test("the scan of readable bytes finds a word at either end, in the middle and in any script, and nothing that is not there")
    func scanFindsWords() {
        let words = ["Ava", "Léo", "2026-11-20", "Paracetamol", "نور"].map { Array($0.utf8) }
        #expect(ReadableBytes("Ava naps").said(words) == ["Ava"])
        #expect(ReadableBytes("a dose of Paracetamol").said(words) == ["Paracetamol"])
        #expect(ReadableBytes("<p>2026-11-20 · Léo · نور</p>").said(words) == ["Léo", "2026-11-20", "نور"])
        #expect(ReadableBytes("Av Leo 2026-11-2 Paracetamo AvA").said(words).isEmpty)
        #expect(ReadableBytes("").said(words).isEmpty)
    }

    @Test("the key file keeps the salt across builds; one more day rewrites only what shows it, the rest keep their bytes and time")
    func oneMoreDay() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let environment = Self.environment()
        #expect(try Tool.run(["sample", "--days", "40", "--end", "2026-11-18", "-o", "before.json"], in: folder).status == 0)
        #expect(try Tool.run(["sample", "--days", "41", "--end", "2026-11-19", "-o", "after.json"], in: folder).status == 0)
        let first = try Tool.run(["build", "before.json", "-o", "out", "--encrypt", "-q"], in: folder, environment: environment)
        #expect(first.status == 0, "\(first.stderr)")
        let out = folder.appendingPathComponent("out")
        let before = try IncrementalTests().identities(out)
        let key = try Data(contentsOf: out.appendingPathComponent(".bbreport-key"))
        let again = try Tool.run(["build", "before.json", "-o", "out", "--encrypt"], in: folder, environment: environment)
        #expect(again.stdout.hasPrefix("Up to date"), "\(again.stdout)")
        let result = try Tool.run(["build", "after.json", "-o", "out", "--encrypt"], in: folder, environment: environment)
        #expect(result.status == 0)
        let after = try IncrementalTests().identities(out)
        #expect(try Data(contentsOf: out.appendingPathComponent(".bbreport-key")) == key)
        let rewritten = Set(after.keys.filter { before[$0] == nil || before[$0]!.0 != after[$0]!.0 })
        // As a plain archive's (IncrementalTests.oneMoreDay): per child the new day and the day
        // before, the week, the month, the home, the visit summary, growth and days.json; the
        // family's home and comparison, the search index, the export's index and the manifest. No print
        // stylesheet: the visit summary carries it.
        #expect(rewritten.count == 2 * 10 + 5, "\(rewritten.sorted())")
        #expect(rewritten.contains("index.html") && rewritten.contains(".bbreport-manifest"))
        #expect(result.stdout.contains("(\(rewritten.count - 1) files changed)"), "\(result.stdout)")
        for (path, identity) in after where !rewritten.contains(path) {
            #expect(identity.1 == before[path]?.1, "\(path) has a new modification time")
        }
        #expect(rewritten.contains(".bbreport-export-index"))
    }

    @Test("a new passphrase seals every file anew; --no-encrypt leaves no sealed file, and encrypting again none of the plain ones")
    func switching() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let build = ["build", Tool.fixture("family.json"), "-o", "out", "-q"]
        let out = folder.appendingPathComponent("out")
        #expect(try Tool.run(build + ["--encrypt"], in: folder, environment: Self.environment()).status == 0)
        let sealed = try IncrementalTests().identities(out)
        let key = try Data(contentsOf: out.appendingPathComponent(".bbreport-key"))
        let renewed = try Tool.run(build + ["--encrypt"], in: folder, environment: Self.environment("another passphrase, longer"))
        #expect(renewed.status == 0)
        let resealed = try IncrementalTests().identities(out)
        #expect(try Data(contentsOf: out.appendingPathComponent(".bbreport-key")) != key)
        // Every sealed file has a new name; only the assets stay.
        #expect(Set(resealed.keys).intersection(sealed.keys).allSatisfy { $0.hasPrefix("assets/") || $0.hasPrefix(".bbreport-") || $0 == "index.html" })
        #expect(resealed["index.html"]?.0 != sealed["index.html"]?.0)

        #expect(try Tool.run(build, in: folder).status == 0)
        let plain = Self.files(out)
        #expect(plain.contains("zoe-ava/index.html"))
        #expect(!plain.contains { $0.wholeMatch(of: /[0-9a-f]{2}\/[0-9a-f]{30}\.(html|js)/) != nil || $0 == ".bbreport-key" || $0 == "assets/open.js" }, "\(plain)")
        #expect(try Tool.run(build + ["--encrypt"], in: folder, environment: Self.environment()).status == 0)
        let again = Self.files(out)
        #expect(!again.contains { $0.hasPrefix("zoe-ava/") || $0.hasPrefix("etc/") }, "\(again.filter { $0.contains("/") })")
    }

    @Test("--pdf: each visit.pdf is sealed as the pages are, printed from a private folder that is gone afterwards",
          .enabled(if: Browser.available, "needs Chromium; scripts/test installs it"))
    func sealedPDF() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try Tool.run(["build", Tool.fixture("family.json"), "-o", "out", "--encrypt", "--pdf", "-q"], in: folder, environment: Self.environment())
        #expect(result.status == 0, "\(result.stderr)")
        let out = folder.appendingPathComponent("out")
        let keyFile = try #require(ArchiveKeyFile(data: try Data(contentsOf: out.appendingPathComponent(ArchiveKeyFile.name))))
        let master = try Self.master(of: out)
        let words = SealedShell.Words(rootAttributes: "", title: "", label: "", button: "", needsScript: "", openerWords: "{}")
        let sealer = try #require(ArchiveSealer(master: master, keyFile: keyFile, shell: words, inlined: [:]))
        let cipher = try #require(master.expanded(for: ArchiveSealer.cipherPurpose))
        for child in ["zoe-ava", "etc"] {
            let place = try #require(sealer.place(of: "\(child)/visit.pdf"))
            let shell = try String(contentsOf: out.appendingPathComponent(place), encoding: .utf8)
            #expect(shell.contains(#"data-sealed="download""#))
            let block = try #require(shell.firstMatch(of: /id="sealed">([A-Za-z0-9+\/=]+)<\/script>/)).1
            let plain = try Sealed.open([UInt8](try #require(Data(base64Encoded: String(block)))), key: cipher, context: Array(place.utf8))
            let text = String(decoding: plain.prefix(60), as: UTF8.self)
            #expect(text.hasPrefix(#"{"file":"visit.pdf","type":"application/pdf"}"# + "\n%PDF-"), "\(text)")
        }
        let left = try FileManager.default.contentsOfDirectory(atPath: NSTemporaryDirectory()).filter { $0.hasPrefix("bbreport-visit-") }
        #expect(left.isEmpty, "\(left)")
    }

    @Test("a missing or changed key file, a passphrase too short, with a NUL, not UTF-8 or of 10 MB: each an error naming it, the archive as it was")
    func refusals() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let build = ["build", Tool.fixture("family.json"), "-o", "out", "--encrypt"]
        let out = folder.appendingPathComponent("out")
        #expect(try Tool.run(build + ["-q"], in: folder, environment: Self.environment()).status == 0)
        let archive = try IncrementalTests().identities(out)
        let keyFile = out.appendingPathComponent(".bbreport-key")
        let key = try Data(contentsOf: keyFile)

        func refused(_ environment: [String: String], _ extra: [String] = [], status: Int32, saying: String) throws {
            let result = try Tool.run(build + extra, in: folder, environment: environment)
            #expect(result.status == status, "\(result.stderr)")
            #expect(result.stderr.contains(saying), "\(result.stderr)")
            let now = try IncrementalTests().identities(out).filter { $0.key != ".bbreport-key" }
            #expect(now.mapValues(\.0) == archive.filter { $0.key != ".bbreport-key" }.mapValues(\.0), "the archive changed")
        }
        try FileManager.default.removeItem(at: keyFile)
        try refused(Self.environment(), status: 65, saying: "out/.bbreport-key: the encrypted archive's key file is missing or changed")
        try Data(key.dropLast(3) + Data("x}\n".utf8)).write(to: keyFile)
        try refused(Self.environment(), status: 65, saying: "key file is missing or changed")
        try key.write(to: keyFile)
        try refused(Self.environment("short one"), status: 64, saying: "BBREPORT_PASSPHRASE has 9 characters; an encrypted archive needs at least 12")
        let passphraseFile = folder.appendingPathComponent("passphrase")
        for (bytes, saying) in [(Data("the kettle\u{0}sings at dawn".utf8), "holds a control character (U+0000, character 11)"),
                                (Data([0x74, 0x68, 0x65, 0x20, 0xFF, 0xFE] + Array("kettle sings".utf8)), "passphrase is not UTF-8 text"),
                                (Data(repeating: 0x61, count: 10 << 20), "passphrase: the passphrase file is 10 MB, but a passphrase is one line")] {
            try bytes.write(to: passphraseFile)
            chmod(passphraseFile.path, 0o600)
            try refused(ProcessInfo.processInfo.environment, ["--passphrase-file", "passphrase"], status: 64, saying: saying)
        }
        chmod(passphraseFile.path, 0o644)
        try refused(ProcessInfo.processInfo.environment, ["--passphrase-file", "passphrase"], status: 64, saying: "passphrase")
        try refused(ProcessInfo.processInfo.environment.filter { $0.key != "BBREPORT_PASSPHRASE" }, status: 64,
                    saying: "an encrypted archive needs a passphrase: set BBREPORT_PASSPHRASE")
        // Restored, it builds again, keeping what did not change.
        let result = try Tool.run(build, in: folder, environment: Self.environment())
        #expect(result.stdout.hasPrefix("Up to date"), "\(result.stdout)")
    }
}

/// A file's readable text as its bytes, searched for words as a reader's tools search a file
/// (`grep -F`): byte for byte in UTF-8, each word's first byte found by `memchr` and the rest
/// compared by `memcmp` (a search by Characters took most of the test's time).
struct ReadableBytes {
    private let bytes: [UInt8]

    init(_ text: String) { bytes = Array(text.utf8) }

    /// The words (UTF-8) found anywhere in the text, as text.
    func said(_ words: [[UInt8]]) -> [String] {
        bytes.withUnsafeBytes { text in
            words.filter { word in word.withUnsafeBytes { Self.find($0, in: text) } }.map { String(decoding: $0, as: UTF8.self) }
        }
    }

    private static func find(_ word: UnsafeRawBufferPointer, in text: UnsafeRawBufferPointer) -> Bool {
        guard let first = word.first, word.count <= text.count, let end = text.baseAddress?.advanced(by: text.count - word.count + 1) else {
            return word.isEmpty
        }
        var from = text.baseAddress!
        while from < end, let hit = memchr(from, Int32(first), from.distance(to: end)) {
            if memcmp(hit, word.baseAddress!, word.count) == 0 { return true }
            from = UnsafeRawPointer(hit).advanced(by: 1)
        }
        return false
    }
}
