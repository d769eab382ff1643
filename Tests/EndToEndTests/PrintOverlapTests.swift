import Foundation
import Testing

/// One word printed on a page: its text and the band its letters take, in points.
struct PrintedWord: CustomStringConvertible {
    let text: String
    let left: Double, right: Double
    /// The letters' own band around the baseline, not the font's whole box: a Japanese font's
    /// box is about 2.6 times its type size (DejaVu's 1.16), so boxes of neighbouring lines
    /// meet while their letters are well apart.
    let top: Double, bottom: Double

    init(text: String, xMin: Double, yMin: Double, xMax: Double, yMax: Double) {
        self.text = text
        left = xMin
        right = xMax
        let height = yMax - yMin
        let drawnInJapaneseFont = text.unicodeScalars.contains(where: PrintTests.isCJK)
        top = yMin + height * (drawnInJapaneseFont ? 0.42 : 0.25)
        bottom = yMax - height * (drawnInJapaneseFont ? 0.25 : 0.3)
    }

    /// Whether the two words' letters cover each other (by more than a hair: kerning and
    /// rounding move letters by a few hundredths of a point).
    func covers(_ other: PrintedWord) -> Bool {
        min(right, other.right) - max(left, other.left) > 0.5 && min(bottom, other.bottom) - max(top, other.top) > 0.3
    }

    var description: String { "\"\(text)\" at (\(Int(left)), \(Int(top)))" }
}

extension Poppler {
    /// Every word of `page` with its box, from `pdftotext -bbox`.
    static func words(_ pdf: URL, page: Int) throws -> [PrintedWord] {
        let (_, output, _) = try runProcess(URL(fileURLWithPath: "/usr/bin/pdftotext"), ["-bbox", "-f", "\(page)", "-l", "\(page)", pdf.path, "-"])
        let html = String(decoding: output, as: UTF8.self)
        let pattern = try NSRegularExpression(pattern: #"xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)</word>"#)
        return pattern.matches(in: html, range: NSRange(html.startIndex..., in: html)).compactMap { match in
            let text = { (index: Int) in String(html[Range(match.range(at: index), in: html)!]) }
            // The marks that keep right-to-left runs in order are no letters: a "word" of them alone is none.
            let letters = String(text(5).unicodeScalars.filter { !Self.directionMarks.contains($0.value) })
            guard !letters.isEmpty else { return nil }
            return PrintedWord(text: letters, xMin: Double(text(1))!, yMin: Double(text(2))!, xMax: Double(text(3))!, yMax: Double(text(4))!)
        }
    }

    /// Unicode's direction marks, embeddings and isolates (LRM, RLM, LRE…PDF, LRI…PDI).
    static let directionMarks: Set<UInt32> = Set([0x200E, 0x200F] + Array(0x202A...0x202E) + Array(0x2066...0x2069))

    /// The pairs of words on `page` whose letters cover each other.
    static func overlappingWords(_ pdf: URL, page: Int) throws -> [(PrintedWord, PrintedWord)] {
        let words = try words(pdf, page: page)
        var pairs: [(PrintedWord, PrintedWord)] = []
        for (index, word) in words.enumerated() {
            for other in words[(index + 1)...] where word.covers(other) { pairs.append((word, other)) }
        }
        return pairs
    }
}

/// Every language the pages are written in, as the printed sheets are checked.
enum CatalogLanguage: String, CaseIterable, CustomStringConvertible, Sendable {
    case usEnglish = "en-US", britishEnglish = "en-GB", german = "de", french = "fr", spanish = "es", japanese = "ja", arabic = "ar"
    var description: String { rawValue }

    /// The build's arguments for the language: none for US English, the sample's when none
    /// is given (so its archive is the one the other tests read).
    var arguments: [String] { self == .usEnglish ? [] : ["--language", rawValue] }

    /// The build's arguments for the language on `paper`: no `--paper` where the sample
    /// prints on it anyway (A4 in British English, which names a region; Letter in the
    /// others, by the sample's zone in the Americas), so that the build is the one the other
    /// tests of the language read.
    func arguments(paper: String) -> [String] {
        paper == (self == .britishEnglish ? "a4" : "letter") ? arguments : ["--paper", paper] + arguments
    }
}

@Suite(.enabled(if: Browser.available && Poppler.available, "needs Chromium and poppler-utils; scripts/test installs them"))
struct PrintOverlapTests {
    @Test("no printed word covers another on the visit summary or a busy day, in every language, on A4 and Letter",
          arguments: CatalogLanguage.allCases, ["a4", "letter"])
    func noWordCoversAnother(language: CatalogLanguage, paper: String) async throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        // Printed by the run's browser as --pdf prints them (PrintTests.printedAlike), from a build
        // without --pdf: its Chromium would also print the diaries, which are not read here.
        let built = try await SampleBuilds.archive(language.arguments(paper: paper))
        var sheets: [URL] = []
        for page in ["ava/visit.html", "leo/visit.html", "ava/2026/11/20.html"] {
            sheets.append(try await PrintTests.printToPDF(built.appendingPathComponent(page), in: folder))
        }
        for pdf in sheets {
            let (pages, size) = try Poppler.info(pdf)
            #expect(pages > 0, "\(pdf.lastPathComponent) in \(language) on \(paper)")
            #expect(size.hasSuffix(paper == "a4" ? "(A4)" : "(letter)"), "\(pdf.lastPathComponent) in \(language) is on \(size), not \(paper)")
            for page in 1...max(pages, 1) where pages > 0 {
                let pairs = try Poppler.overlappingWords(pdf, page: page)
                #expect(pairs.isEmpty, "\(pdf.path.split(separator: "/").suffix(2).joined(separator: "/")) in \(language) on \(paper), page \(page): \(pairs.prefix(6).map { "\($0.0) over \($0.1)" })")
                // A change's sign is printed before its number, right to left too (not `82+`, `48− مل`).
                let signAfter = try Poppler.words(pdf, page: page).map(\.text).filter { $0.contains(/\d[−+]$/) }
                #expect(signAfter.isEmpty, "\(pdf.lastPathComponent) in \(language), page \(page): signs after their numbers \(signAfter.prefix(6))")
            }
        }
    }

    @Test("the overlap check sees words printed over each other")
    func checkSeesOverlaps() {
        let word = PrintedWord(text: "Écart", xMin: 300, yMin: 100, xMax: 330, yMax: 110.5)
        let under = PrintedWord(text: "Donnée", xMin: 311, yMin: 100.2, xMax: 345, yMax: 110.7)
        let beside = PrintedWord(text: "Poids", xMin: 333, yMin: 100, xMax: 360, yMax: 110.5)
        let nextLine = PrintedWord(text: "Repas", xMin: 300, yMin: 110.5, xMax: 330, yMax: 121)
        let japaneseNextLine = PrintedWord(text: "日曜", xMin: 300, yMin: 103, xMax: 318, yMax: 126.4)
        #expect(word.covers(under))
        #expect(!word.covers(beside))
        #expect(!word.covers(nextLine))
        #expect(!word.covers(japaneseNextLine))
    }
}
