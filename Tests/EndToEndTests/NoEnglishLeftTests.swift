import Foundation
import Testing

/// Every page kind built in German, French, Spanish, Japanese and Arabic, read for English
/// words: any word of English's catalog that the language's own catalog and the family's
/// data do not have is a text that escaped translation.
@Suite struct NoEnglishLeftTests {
    static let languages = Tool.packageRoot.appendingPathComponent("languages")

    /// The words (four letters or more, lower case) of a catalog file's texts.
    static func words(ofCatalog code: String) throws -> Set<String> {
        let text = try String(contentsOf: languages.appendingPathComponent("\(code).yaml"), encoding: .utf8)
        let texts = text.split(separator: "\n").filter { !$0.trimmingCharacters(in: .whitespaces).hasPrefix("#") }
            .compactMap { line in line.firstIndex(of: ":").map { line[line.index(after: $0)...] } }
        return words(in: texts.joined(separator: " ").replacingOccurrences(of: #"\{[a-z_]+\}"#, with: " ", options: .regularExpression))
    }

    static func words(in text: String) -> Set<String> {
        Set(text.lowercased().split { !$0.isLetter }.map(String.init).filter { $0.count >= 4 && $0.allSatisfy(\.isASCII) })
    }

    /// What a reader sees of a page: its title, its text and the words of its labels,
    /// titles and placeholders (scripts and styles, and so the script's own words, are no text).
    static func visibleText(_ page: HTMLDocument) -> String {
        let labels = page.all("[aria-label], [title], [placeholder], [alt]").flatMap { element in
            ["aria-label", "title", "placeholder", "alt"].compactMap { element.attribute($0) }
        }
        // The link to the data file keeps the file's name.
        return (page.texts("title") + labels + [page.text]).joined(separator: " ").replacingOccurrences(of: "days.json", with: " ")
    }

    @Test("no English word is left on any page kind in German, French, Spanish, Japanese or Arabic, family data aside",
          arguments: ["de", "fr", "es", "ja", "ar"], ["family.json", "sample"])
    func noEnglish(code: String, input: String) async throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        var export = Tool.fixture(input)
        if input == "sample" {
            // Two children over 120 days: growth, health, notes and a visit summary with alerts.
            export = folder.appendingPathComponent("sample.json").path
            let sample = try await Tool.run(["sample", "--days", "120", "-o", export], in: folder)
            #expect(sample.status == 0, "\(sample.stderr)")
        }
        let archive = try await BuiltArchive.build(arguments: [export, "--language", code], in: folder)
        try Self.expectNoEnglish(in: archive.root, code: code, family: [export], pages: 15)
    }

    @Test("a PiyoLog export in Japanese built in Japanese reads in Japanese, the categories the importer gives notes included")
    func piyoLogInJapanese() async throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = Tool.fixture("piyolog/piyolog_ja.txt")
        let archive = try await BuiltArchive.build(arguments: ["--source", "piyolog", file, "--timezone", "Asia/Tokyo", "--language", "ja"], in: folder)
        try Self.expectNoEnglish(in: archive.root, code: "ja", family: [file], pages: 12)
        let day = try archive.page("haruto/2024/02/01.html").text
        #expect(day.contains("睡眠（下記）") && day.contains("0時から24時まで"))
    }

    /// Expects no word of English's catalog on any of at least `pages` pages of the archive
    /// in `output`, but those `code`'s catalog has too, those of the `family`'s files, and names.
    static func expectNoEnglish(in output: URL, code: String, family: [String], pages minimum: Int) throws {
        let family = try family.reduce(into: Set<String>()) { $0.formUnion(Self.words(in: try String(contentsOfFile: $1, encoding: .utf8))) }
        // Names that stay as they are in every language: the palettes' and strategies' own
        // names, and the product's.
        let names: Set<String> = ["warm", "nightlight", "current", "indigo", "ocean", "calm", "sage", "garden", "midnight", "harbor",
                                  "desaturated", "jewel", "cool", "split", "apple", "health", "muted", "earth", "pastel", "harmony",
                                  "baby", "basics"]
        let english = try Self.words(ofCatalog: "en").subtracting(try Self.words(ofCatalog: code)).subtracting(family).subtracting(names)
        let pages = try snapshot(of: output).keys.filter { $0.hasSuffix(".html") }.sorted()
        #expect(pages.count >= minimum)
        for page in pages {
            let visible = Self.visibleText(try HTMLDocument(contentsOf: output.appendingPathComponent(page)))
            let left = Self.words(in: visible).intersection(english)
            #expect(left.isEmpty, "\(code) \(page): \(left.sorted())")
            // English ranks (`97th`, `3rd`) are no catalog's words: a chart's labels would hide them.
            let ranks = visible.matches(of: /\b\d+(?:st|nd|rd|th)\b/).map { String($0.output) }
            #expect(ranks.isEmpty, "\(code) \(page): English ranks \(Set(ranks).sorted())")
        }
    }
}
