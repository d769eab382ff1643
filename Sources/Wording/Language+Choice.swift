import Bytes
import Foundation
import Speed

extension Language {
    /// The codes of the catalogs that ship, `ar`, `de`, …, `en-GB`, …
    public static let available: [String] = embeddedCatalogs.keys.filter { $0.hasSuffix(".yaml") }.map { String($0.dropLast(".yaml".count)) }.sorted()

    /// US English, the pages' words when nothing else is chosen.
    public static let english = Language(code: "en-US", region: nil, catalog: englishCatalog, fallback: nil)

    /// US English told on `clock`.
    public static func english(clock: Clock?) -> Language {
        clock == nil ? english : Language(code: "en-US", region: nil, catalog: englishCatalog, fallback: nil, clock: clock)
    }

    /// English's catalog, read once: every other catalog falls back to it.
    static let englishCatalog: Catalog = try! builtInCatalog("en")!

    /// The language `code` names (`de`, `de-AT`, `ja`, `en-GB`, `de_DE.UTF-8`), told on
    /// `clock` when given; an error listing what exists for a language we have no words for.
    public static func named(_ code: String, clock: Clock? = nil) throws(LanguageError) -> Language {
        guard let parts = LanguageCode(code) else { throw LanguageError.notACode(code) }
        guard let catalog = try catalog(for: parts) else { throw LanguageError.unknown(code) }
        return Language(code: parts.identifier, region: parts.region, catalog: catalog, fallback: englishCatalog, clock: clock)
    }

    /// The language the environment asks for (`LC_ALL`, then `LC_MESSAGES`, then `LANG`):
    /// US English for `C`, `POSIX`, nothing, or a language we have no words for.
    public static func fromEnvironment(_ environment: [String: String], clock: Clock? = nil) -> Language {
        if let code = environmentCode(environment), let language = try? named(code, clock: clock) { return language }
        return english(clock: clock)
    }

    /// The code of the language the environment asks for, when there are words for it;
    /// nil for `C`, `POSIX`, nothing, or a language without a catalog. Reads no catalog.
    public static func environmentCode(_ environment: [String: String]) -> String? {
        let value = ["LC_ALL", "LC_MESSAGES", "LANG"].lazy.compactMap { environment[$0] }.first { !$0.isEmpty }
        guard let value, !["C", "POSIX"].contains(value.prefix { $0 != "." && $0 != "@" }) else { return nil }
        return try? validated(value)
    }

    /// `code` as a language code of a catalog that ships (`de_AT.UTF-8` → `de-AT`), or the
    /// error `named` would give; reads no catalog.
    public static func validated(_ code: String) throws(LanguageError) -> String {
        guard let parts = LanguageCode(code) else { throw LanguageError.notACode(code) }
        let own = parts.region.map { embeddedCatalogs["\(parts.language)-\($0).yaml"] != nil } ?? false
        guard own || embeddedCatalogs["\(parts.language).yaml"] != nil else { throw LanguageError.unknown(code) }
        return parts.identifier
    }

    /// A family's own catalog read from `text` (the file at `path`), its words completed by
    /// English's (``missingKeys`` names them); formats follow `code`, or the file's name
    /// (`it.yaml` → `it`) when that is a language code.
    public static func file(_ path: String, text: String, code: String? = nil, clock: Clock? = nil) throws(LanguageError) -> Language {
        let catalog: Catalog
        do { catalog = try Catalog(yaml: text, file: path) } catch { throw LanguageError.unreadable(error) }
        let stem = URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent
        let parts = code.flatMap(LanguageCode.init) ?? LanguageCode(stem) ?? LanguageCode("en-US")!
        return Language(code: parts.identifier, region: parts.region, catalog: catalog, fallback: englishCatalog, clock: clock, source: path)
    }

    /// Regions that write another region's words: English in Australia, New Zealand,
    /// Ireland, South Africa and India says nappies and paediatrician, as in Britain.
    static let wordsOfRegion = ["en-AU": "en-GB", "en-NZ": "en-GB", "en-IE": "en-GB", "en-ZA": "en-GB", "en-IN": "en-GB"]

    /// The catalog for `parts`: the region's own (`en-GB`, or the one whose words it
    /// writes) on its base, else the language's.
    private static func catalog(for parts: LanguageCode) throws(LanguageError) -> Catalog? {
        let regional = parts.region.map { "\(parts.language)-\($0)" }
        if let regional, let own = try builtInCatalog(wordsOfRegion[regional] ?? regional) {
            guard let baseCode = own.base, let base = try shipped(baseCode) else { return own }
            // Another region's words keep the language's own name.
            let name = wordsOfRegion[regional] == nil ? own.name : base.name
            return Catalog(name: name, isRightToLeft: base.isRightToLeft, entries: base.entries.merging(own.entries) { _, own in own })
        }
        return try shipped(parts.language)
    }

    /// A catalog that ships, English's as read once.
    private static func shipped(_ code: String) throws(LanguageError) -> Catalog? {
        code == "en" ? englishCatalog : try builtInCatalog(code)
    }

    static func builtInCatalog(_ code: String) throws(LanguageError) -> Catalog? {
        guard let text = embeddedCatalogs["\(code).yaml"] else { return nil }
        if SpeedMechanism.catalogLines.isOn, let catalog = Catalog(lines: text) { return catalog }
        do { return try Catalog(yaml: text, file: "languages/\(code).yaml") } catch { throw LanguageError.unreadable(error) }
    }
}

/// A language code taken apart: `de_at.UTF-8` → `de` and `AT`.
struct LanguageCode {
    let language: String
    let script: String?
    let region: String?

    init?(_ text: String) {
        let code = text.prefix { $0 != "." && $0 != "@" }
        let parts = code.split(whereSeparator: { $0 == "-" || $0 == "_" }).map(String.init)
        guard let first = parts.first, (2...3).contains(first.count), first.allSatisfy({ $0.isASCII && $0.isLetter }) else { return nil }
        language = first.lowercased()
        var rest = parts.dropFirst()
        if let next = rest.first, next.count == 4, next.allSatisfy({ $0.isASCII && $0.isLetter }) {
            script = next.prefix(1).uppercased() + next.dropFirst().lowercased()
            rest = rest.dropFirst()
        } else {
            script = nil
        }
        if let next = rest.first {
            let region = next.uppercased()
            guard rest.count == 1, Locale.Region.isoRegions.contains(Locale.Region(region)) else { return nil }
            self.region = region
        } else {
            region = nil
        }
    }

    /// `de-AT`, `zh-Hant-TW`.
    var identifier: String {
        [language, script, region].compactMap { $0 }.joined(separator: "-")
    }
}

/// A language that cannot be used, said so a person knows what to type instead.
public enum LanguageError: Error, CustomStringConvertible, Equatable {
    case notACode(String)
    case unknown(String)
    case unreadable(CatalogError)

    public var description: String {
        let choices = "the pages can be in " + Language.available.joined(separator: ", ")
            + " (a region picks the formats: de-AT, fr-CA, es-MX, en-AU), or in your own words with --language-file PATH"
        switch self {
        case .notACode(let code): return "'\(code)' is not a language code such as de or de-AT; \(choices)"
        case .unknown(let code): return "no pages in '\(code)' yet: \(choices)"
        case .unreadable(let error): return error.description
        }
    }
}

extension Language {
    /// `key`'s text in every catalog that ships, for words a family's app may have written
    /// in any language (reactions to food): read from the line `key: "…"` of each file, not
    /// by parsing seven catalogs, which cost a build 30 ms.
    public static func everyCatalogsText(_ key: String) -> [String] {
        let prefix = Array("\n  \(key): \"".utf8)
        return embeddedCatalogs.values.compactMap { text in
            let bytes = Array(text.utf8)
            guard let found = ByteSearch.find(prefix, in: bytes, from: 0), let end = bytes[(found + prefix.count)...].firstIndex(of: UInt8(ascii: "\n")),
                  bytes[end - 1] == UInt8(ascii: "\"") else { return nil }
            return String(decoding: bytes[(found + prefix.count)..<(end - 1)], as: UTF8.self)
        }.sorted()
    }
}
