import Foundation
import Testing
@testable import Wording

/// The keys the program and its templates use, held to English's catalog both ways.
@Suite struct CatalogUseTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// Every Swift source and template's text.
    static let sources: [(name: String, text: String)] = {
        var files: [(String, String)] = []
        for folder in ["Sources", "templates"] {
            let walker = FileManager.default.enumerator(at: root.appendingPathComponent(folder), includingPropertiesForKeys: nil)
            while let url = walker?.nextObject() as? URL {
                guard ["swift", "mustache", "js"].contains(url.pathExtension) else { continue }
                files.append((url.lastPathComponent, (try? String(contentsOf: url, encoding: .utf8)) ?? ""))
            }
        }
        return files
    }()

    @Test("every key a template or the program asks for is in English's catalog")
    func used() throws {
        let english = try #require(try Language.builtInCatalog("en"))
        let patterns = [#"\{\{w\.([a-z0-9_]+)\}\}"#, #"(?:Format|language|current)\.text\("([a-z0-9_]*[a-z0-9])""#, #"say\("([a-z0-9_]+)""#]
        for (name, text) in Self.sources {
            for pattern in patterns {
                let regex = try Regex(pattern)
                for match in text.matches(of: regex) {
                    let key = String(text[match.output[1].range!])
                    #expect(english.entries[key] != nil, "\(name) asks for `\(key)`, which en.yaml lacks")
                }
            }
        }
    }

    @Test("every word the archive's script says is among the words its pages carry for it")
    func scriptWords() throws {
        let script = try #require(Self.sources.first { $0.name == "search.js" }?.text)
        let site = try #require(Self.sources.first { $0.name == "PageWords.swift" }?.text)
        let regex = try Regex(#"say\("([a-z0-9_]+)""#)
        let keys = script.matches(of: regex).map { String(script[$0.output[1].range!]) }
        #expect(keys.count >= 10)
        for key in keys {
            #expect(site.contains("\"\(key)\""), "search.js says `\(key)`, which PageWords.scriptKeys lacks")
        }
    }

    @Test("every key of English's catalog is used by a template or the program")
    func unused() throws {
        let english = try #require(try Language.builtInCatalog("en"))
        let names = KeyNames(Self.sources.map(\.text))
        for key in english.entries.keys {
            #expect(key.utf8.allSatisfy(KeyNames.isKeyByte), "en.yaml's `\(key)` is not a key of a–z, 0–9 and _")
            // A key made of a prefix and a value (`scheme_` + `dark`) is used through its prefix.
            let pieces = key.split(separator: "_")
            let prefixes = (1..<max(pieces.count, 1)).map { pieces.prefix($0).joined(separator: "_") + "_" }
            let used = names.quoted.contains(key) || names.templated.contains(key) || prefixes.contains { names.quoted.contains($0) }
            #expect(used, "en.yaml's `\(key)` is used nowhere")
        }
    }
}

/// The names a catalog key can be used by, read from the sources once: each run of a–z, 0–9
/// and _ written between double quotes (`"feed_count"`, `"scheme_"`) and each a template
/// asks for (`{{w.feed_count}}`). A key is a run of those bytes whole, so a key is quoted in
/// a source exactly when its run is among `quoted`.
struct KeyNames {
    private(set) var quoted: Set<String> = []
    private(set) var templated: Set<String> = []

    static func isKeyByte(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || byte == UInt8(ascii: "_")
    }

    init(_ texts: [String]) {
        for text in texts {
            let bytes = Array(text.utf8)
            var start = 0
            while start < bytes.count {
                guard Self.isKeyByte(bytes[start]) else {
                    start += 1
                    continue
                }
                var end = start
                while end < bytes.count, Self.isKeyByte(bytes[end]) { end += 1 }
                let run = String(decoding: bytes[start..<end], as: UTF8.self)
                if start > 0, end < bytes.count, bytes[start - 1] == UInt8(ascii: "\""), bytes[end] == UInt8(ascii: "\"") { quoted.insert(run) }
                if start >= 2, bytes[start - 2] == UInt8(ascii: "w"), bytes[start - 1] == UInt8(ascii: "."),
                   bytes[end...].starts(with: "}}".utf8) {
                    templated.insert(run)
                }
                start = end
            }
        }
    }
}
