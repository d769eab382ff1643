import Foundation
import Hashing
import Sample
import Testing
@testable import Archive

@Suite struct ManifestTests {
    static let sample = Manifest(
        files: ["index.html": .init(hash: ContentHash(Array("a".utf8)), key: nil),
                "ava/2026/03/08.html": .init(hash: ContentHash(Array("b".utf8)), key: ContentHash(Array("c".utf8))),
                "zoë/日記.html": .init(hash: ContentHash(Array("d".utf8)), key: ContentHash(Array("e".utf8)))],
        fingerprint: "0123456789abcdef", renderFingerprint: "fedcba9876543210")

    /// The manifest as the JSON reader alone reads it.
    static func readAsJSON(_ data: Data) -> Manifest? {
        // Reformatted by JSONSerialization, so that the line reader does not take it.
        let object = try! JSONSerialization.jsonObject(with: data)
        return Manifest(data: try! JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]))
    }

    @Test("a hash reads from 16 hex digits of either case; any other byte, anywhere, makes it none")
    func hexDigits() {
        let hash = ContentHash(hex: "0123456789abcdef")
        #expect(hash?.description == "0123456789abcdef")
        #expect(ContentHash(hex: "0123456789ABCDEF") == hash)
        #expect(ContentHash(hex: "0123456789abcde") == nil && ContentHash(hex: "0123456789abcdef0") == nil)
        let hexBytes = Set("0123456789abcdefABCDEF".utf8)
        var accepted = 0
        for position in 0..<16 {
            for byte in UInt8.min...UInt8.max where !hexBytes.contains(byte) {
                var digits = Array("0123456789abcdef".utf8)
                digits[position] = byte
                if digits.withUnsafeBufferPointer({ ContentHash(hex: $0) }) != nil { accepted += 1 }
            }
        }
        #expect(accepted == 0)
    }

    @Test("a manifest as written reads back the same, line by line and as JSON")
    func roundTrip() throws {
        let data = Self.sample.data()
        #expect(Manifest(data: data) == Self.sample)
        // Read by the line reader, not only by the JSON one after it.
        #expect(Manifest.asWritten(data) == Self.sample)
        #expect(Self.readAsJSON(data) == Self.sample)
        let bare = Manifest(files: ["a.html": .init(hash: ContentHash([]), key: nil)], fingerprint: nil, renderFingerprint: nil)
        #expect(Manifest(data: bare.data()) == bare)
        #expect(Manifest.asWritten(bare.data()) == bare)
        #expect(Manifest.asWritten(Self.quotedPathManifest.data()) == nil)
    }

    @Test("the folders found as a manifest is read line by line are those holding its files, in any order and at any depth")
    func foldersAsRead() throws {
        func expectFolders(_ paths: [String]) {
            let manifest = Manifest(files: Dictionary(uniqueKeysWithValues: paths.map { ($0, .init(hash: ContentHash(Array($0.utf8)), key: nil)) }),
                                    fingerprint: nil, renderFingerprint: nil)
            let read = Manifest.asWritten(manifest.data())
            #expect(read?.folders == ArchiveWriter.folders(holding: paths), "\(paths)")
            #expect(Manifest.asWritten(manifest.data())?.folders?.contains("") == false)
        }
        expectFolders(Array(Self.sample.files.keys))
        // A folder's files before and after a deeper folder's, files at the top between, a
        // folder named like a file's beginning.
        expectFolders(["a/b.html", "a/b/c.html", "a/c.html", "index.html", "a-b/x.html", "a/b/c/d/e.html", "a/b/c/f.html", "z.html",
                       "zoë/日記.html", "zoë/a/b.html", "ava/2026/11/27.html", "ava/2026/11/index.html", "ava/2026/12/01.html"])
        expectFolders(["index.html"])
        // Read as JSON, the folders are found from the files when asked for.
        #expect(Self.readAsJSON(Self.sample.data())?.folders == nil)
    }

    static let quotedPathManifest = Manifest(files: ["a \"b\" \\ c.html": .init(hash: ContentHash([1]), key: nil)],
                                             fingerprint: nil, renderFingerprint: nil)

    @Test("paths JSON escapes, repeated paths and damaged lines read as JSON would, or not at all")
    func unusualLayouts() throws {
        let quoted = Self.quotedPathManifest
        #expect(Manifest(data: quoted.data()) == quoted)
        let text = String(decoding: Self.sample.data(), as: UTF8.self)
        // The same path twice: JSON keeps one of them; the line reader must not decide.
        let repeated = text.replacingOccurrences(of: "\"index.html\": ", with: "\"zoë/日記.html\": ")
        #expect(Manifest(data: Data(repeated.utf8)) == Self.readAsJSON(Data(repeated.utf8)))
        for damaged in [text.replacingOccurrences(of: "\"files\": {", with: "\"files\": ["),
                        text.replacingOccurrences(of: "\"version\": 2,", with: "\"version\": 2"),
                        String(text.dropLast(3))] {
            #expect(Manifest(data: Data(damaged.utf8)) == nil, "\(damaged)")
        }
        var invalid = Self.sample.data()
        invalid[invalid.count - 10] = 0xFF
        #expect(Manifest(data: invalid) == nil)
        // A path that is not UTF-8 (the ë of zoë cut to a lone continuation byte, or a
        // byte no UTF-8 has in an otherwise ASCII path) is no path, line by line or as JSON.
        for (from, to) in [(Array("zoë".utf8), Array("zo".utf8) + [0xAB]), (Array("index".utf8), Array("ind".utf8) + [0xFF, 0x78])] {
            var bytes = [UInt8](Self.sample.data())
            let at = try #require(bytes.indices.first { bytes[$0...].starts(with: from) })
            bytes.replaceSubrange(at..<(at + from.count), with: to)
            #expect(Manifest.asWritten(Data(bytes)) == nil)
            #expect(Manifest(data: Data(bytes)) == nil)
        }
        // A hash that is not one is a damaged manifest either way.
        let badHash = text.replacingOccurrences(of: Self.sample.files["index.html"]!.hash.description, with: "not-a-hash-12345")
        #expect(Manifest(data: Data(badHash.utf8)) == nil)
    }

    @Test("files come in the order of their paths as strings: ASCII paths by their first bytes, any other path as a string")
    func fileOrder() {
        func manifest(_ paths: [String]) -> Manifest {
            Manifest(files: Dictionary(uniqueKeysWithValues: paths.map { ($0, .init(hash: ContentHash(Array($0.utf8)), key: nil)) }),
                     fingerprint: nil, renderFingerprint: nil)
        }
        func expectStringOrder(_ paths: [String]) {
            let files = manifest(paths)
            #expect(files.sortedFiles().map(\.key) == paths.sorted(), "\(paths)")
            #expect(files.sortedFiles().map(\.value) == paths.sorted().map { files.files[$0]! })
        }
        expectStringOrder(["index.html", "a", "a/b", "a-b", "A", "ava/2026/12/13.html", "ava/2026/12/13.html.md", "ava/2026/12/13.htm",
                           "ava/2026/12/index.html", "ava/2026/12/01.html", "ava/days.json", "ava/weeks/2026-W50.html", "~", "0"])
        // Not all ASCII: every path compared as a string (é written as e and a combining accent).
        expectStringOrder(["zoë/日記.html", "zoe/a.html", "zoe\u{301}/b.html", "zoé/c.html", "index.html", "ava/2026/12/13.html"])
        // Many paths sharing their first 16 bytes, and random ones of every ASCII byte but NUL.
        var generator = RandomSource(seed: 14)
        var paths: Set<String> = []
        while paths.count < 3_000 {
            let shared = ["ava/2026/12/13.h", "leo/weeks/2026-W", "", "a"].randomElement(using: &generator)!
            let tail = (0..<Int.random(in: 0...24, using: &generator)).map { _ in Character(Unicode.Scalar(UInt8.random(in: 1...127, using: &generator))) }
            paths.insert(shared + String(tail))
        }
        expectStringOrder(Array(paths))
    }
}

