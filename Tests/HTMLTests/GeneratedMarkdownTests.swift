import Pages
import Testing
@testable import HTML

/// Our own Markdown rendered without cmark-gfm must give cmark-gfm's HTML, or be left to it.
@Suite struct GeneratedMarkdownTests {
    static let cmark = MarkdownRenderer()

    static let pieces = [
        "| Figure | This day |\n|---|---|\n| Feeds | 8 feeds: 5 breast (3 started left, 2 right; 1h 5m), 3 bottle (360 ml) |\n| Notes | 0 |\n",
        "| Per day | Mean | Lowest – highest |\n|---|---:|---:|\n| Feeds | 8.3 | 6 – 11 |\n\nMeans over 6 days (the export's own day is not over).\n",
        "| Day | Sleep | Feeds | Wet | Dirty | Longest stretch |\n|---|---:|---:|---:|---:|---:|\n| [Nov 21](2026/11/21.html) (so far) | 13h 5m | 8 | 6 | 2 | 4h 10m |\n",
        "- **7:10 AM** · Feed · breast, left first, 14 min · *Dad*\n- **7:30 AM** · Diaper · wet · ⚠ overlaps the sleep before\n",
        "- **7:10 AM** · Note · Doctor \\(below\\) · *Grand\\-ma \\\"G\\\"*\n",
        "No complete day with entries yet.\n",
        "| A | B |\n|:---|:---:|\n| x\\|y | \\*z\\* \\& \\<b\\> |\n",
        "| A | B |\n|---|---|\n",
    ]

    static let unsure = [
        "- **7:10 AM** · Feed · *dad\\@example\\.com*\n",
        "- **7:10 AM** · Feed · *  Mum*\n",
        "- **7:10 AM** · Feed · *Émile*\n",
        "- **7:10 AM** · Feed · see www\\.example\\.com\n",
        "- **7:10 AM** · Feed · http\\:\\/\\/x\n",
        "- 1. x\n",
        "- **a** *b\n",
        "| A | B |\n|---|---|\n| 1 |\n",
        "| A | B |\n|---|---|\n| 1 | 2 |\nnot a row\n",
        "line one\nline two\n",
        "# Heading\n",
        "- a  b\n",
        "- a_b_\n",
        "- `code`\n",
        "- ~~gone~~\n",
    ]

    @Test("the shapes our pages write render as cmark-gfm renders them", arguments: pieces)
    func same(markdown: String) throws {
        let html = try #require(GeneratedMarkdown.html(markdown))
        #expect(String(decoding: html, as: UTF8.self) == Self.cmark.html(markdown))
    }

    @Test("anything cmark-gfm could read otherwise is left to it", arguments: unsure)
    func leftToCmark(markdown: String) {
        #expect(GeneratedMarkdown.html(markdown) == nil)
    }

    @Test("entry lines with thousands of odd caregivers' names: the same HTML or none")
    func names() {
        let alphabet = Array("aZ9 .,;:()'/-?%+=*_`[]!~&<>\"#|\\@wW\u{A0}é·–⚠\t".unicodeScalars)
        var state: UInt64 = 16
        func next() -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int(truncatingIfNeeded: state >> 33)
        }
        var compared = 0
        for _ in 0..<3_000 {
            let name = String(String.UnicodeScalarView((0..<(1 + next() % 8)).map { _ in alphabet[next() % alphabet.count] }))
            let escaped = Markdown.escaped(name)
            let markdown = next() % 2 == 0
                ? "- **7:10 AM** · Feed · \(escaped) · *\(escaped)*\n"
                : "| Day | Who |\n|---|---:|\n| [Nov 21](2026/11/21.html) | \(escaped) |\n"
            guard let html = GeneratedMarkdown.html(markdown) else { continue }
            compared += 1
            #expect(String(decoding: html, as: UTF8.self) == Self.cmark.html(markdown), "\(markdown)")
        }
        #expect(compared > 300)
    }
}
