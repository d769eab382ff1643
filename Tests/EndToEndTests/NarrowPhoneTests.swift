import Foundation
import Testing

/// The pages on the narrowest phones a family uses, 360 and 390 px, in the languages with
/// the longest words and the widest letters: nothing sticks out of its box, and no chart
/// text is cut at the chart's edge.
@Suite(.enabled(if: Browser.available, "Chromium is not installed; scripts/test installs it (apt-get install chromium)"))
struct NarrowPhoneTests {
    /// Boxes whose text reaches past them, and chart texts drawn past their chart's edge.
    static let probe = """
    (() => {
      const name = e => e.tagName.toLowerCase() + (e.getAttribute('class') ? '.' + e.getAttribute('class').split(' ').join('.') : '');
      const over = [...document.querySelectorAll('.dash-card, .card, .dash-text, .card-value, .card-detail, .card-today, td, th, p, li, h1, h2')]
        .filter(e => e.getClientRects().length > 0 && e.scrollWidth > e.clientWidth + 1 && getComputedStyle(e).overflowX === 'visible')
        .map(e => name(e) + ' "' + e.textContent.trim().slice(0, 40) + '" ' + e.scrollWidth + ' > ' + e.clientWidth);
      const cut = [...document.querySelectorAll('svg.chart')].filter(s => s.getBoundingClientRect().width > 0).flatMap(svg => {
        const box = svg.getBoundingClientRect();
        return [...svg.querySelectorAll('text')].filter(t => {
          const r = t.getBoundingClientRect();
          return r.width > 0 && (r.left < box.left - 0.5 || r.right > box.right + 0.5);
        }).map(t => '"' + t.textContent + '" at ' + Math.round(t.getBoundingClientRect().left - box.left) + '…' + Math.round(t.getBoundingClientRect().right - box.left) + ' of ' + Math.round(box.width));
      });
      return JSON.stringify({ over, cut });
    })()
    """

    struct Found: Decodable {
        let over: [String]
        let cut: [String]
    }

    static let pages = ["index.html", "ava/index.html", "ava/2026/11/index.html", "ava/weeks/2026-W47.html", "ava/2026/11/20.html",
                        "ava/visit.html", "ava/growth.html"]

    @Test("at 360 and 390 px nothing sticks out of its box and no chart text is cut", arguments: [CatalogLanguage.usEnglish, .german, .french, .japanese, .arabic])
    func narrow(language: CatalogLanguage) async throws {
        let output = try await SampleBuilds.archive(language.arguments)
        for width in [360, 390] {
            for page in Self.pages {
                var probed = ""
                try await ReadingTabs.shared.read(output.appendingPathComponent(page), dark: true, viewport: (width, 800)) { browser, session in
                    probed = try await browser.evaluate(Self.probe, session: session)
                }
                let found = try JSONDecoder().decode(Found.self, from: Data(probed.utf8))
                #expect(found.over.isEmpty, "\(language) \(page) at \(width) px, sticking out: \(found.over.prefix(5))")
                #expect(found.cut.isEmpty, "\(language) \(page) at \(width) px, chart text cut: \(found.cut.prefix(5))")
            }
        }
    }
}
