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

    /// What a reader sees of `html`: its text and the words of its labels, titles and
    /// placeholders; scripts, styles and the script's own words left out.
    static func visibleText(_ html: String) -> String {
        var text = html.replacingOccurrences(of: #"<(script|style)[^>]*>[\s\S]*?</\1>"#, with: " ", options: .regularExpression)
        text = text.replacingOccurrences(of: #" data-words="[^"]*""#, with: " ", options: .regularExpression)
        var labels: [String] = []
        let attributes = try! NSRegularExpression(pattern: #"(?:aria-label|title|placeholder|alt)="([^"]*)""#)
        for match in attributes.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
            labels.append(String(text[Range(match.range(at: 1), in: text)!]))
        }
        text = text.replacingOccurrences(of: #"<[^>]+>"#, with: " ", options: .regularExpression)
        // The link to the data file keeps the file's name.
        return (labels + [text]).joined(separator: " ").replacingOccurrences(of: "&#39;", with: "'").replacingOccurrences(of: "days.json", with: " ")
    }

    @Test("no English word is left on any page kind in German, French, Spanish, Japanese or Arabic, family data aside",
          arguments: ["de", "fr", "es", "ja", "ar"], ["family.json", "sample"])
    func noEnglish(code: String, input: String) throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        var export = Tool.fixture(input)
        if input == "sample" {
            // Two children over 120 days: growth, health, notes and a visit summary with alerts.
            export = folder.appendingPathComponent("sample.json").path
            let sample = try Tool.run(["sample", "--days", "120", "-o", export], in: folder)
            #expect(sample.status == 0, "\(sample.stderr)")
        }
        let result = try Tool.run(["build", export, "--language", code, "-o", "out"], in: folder)
        #expect(result.status == 0, "\(result.stderr)")
        try Self.expectNoEnglish(in: folder.appendingPathComponent("out"), code: code, family: [export], pages: 15)
    }

    @Test("a PiyoLog export in Japanese built in Japanese reads in Japanese, the categories the importer gives notes included")
    func piyoLogInJapanese() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = Tool.fixture("piyolog/piyolog_ja.txt")
        let result = try Tool.run(["build", "--source", "piyolog", file, "--timezone", "Asia/Tokyo", "--language", "ja", "-o", "out"], in: folder)
        #expect(result.status == 0, "\(result.stderr)")
        try Self.expectNoEnglish(in: folder.appendingPathComponent("out"), code: "ja", family: [file], pages: 12)
        let day = try String(contentsOf: folder.appendingPathComponent("out/haruto/2024/02/01.html"), encoding: .utf8)
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
            let html = try String(contentsOf: output.appendingPathComponent(page), encoding: .utf8)
            let visible = Self.visibleText(html)
            let left = Self.words(in: visible).intersection(english)
            #expect(left.isEmpty, "\(code) \(page): \(left.sorted())")
            // English ranks (`97th`, `3rd`) are no catalog's words: a chart's labels would hide them.
            let ranks = visible.matches(of: /\b\d+(?:st|nd|rd|th)\b/).map { String($0.output) }
            #expect(ranks.isEmpty, "\(code) \(page): English ranks \(Set(ranks).sorted())")
        }
    }
}
