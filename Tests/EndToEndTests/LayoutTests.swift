import Foundation
import Testing

/// Every page kind as it lays out on a phone and at a desk, measured in Chromium (each page
/// read once for these and the accessibility tests: `PageReading`).
@Suite(.enabled(if: Browser.available, "Chromium is not installed; scripts/test installs it (apt-get install chromium)"))
struct LayoutTests {
    /// What the page measures, as JSON: the document's width against the room beside any
    /// scroll bar, the viewport's width, the
    /// visible charts and icons, those reaching past either side, and boxes that scroll sideways.
    static let measure = """
    (() => {
      const width = document.documentElement.clientWidth;
      const name = e => e.tagName.toLowerCase() + (e.getAttribute('class') ? '.' + e.getAttribute('class').split(' ').join('.') : '');
      const drawings = [...document.querySelectorAll('svg:not(.sprite)')].filter(s => {
        const box = s.getBoundingClientRect();
        return box.width > 0 && box.height > 0 && getComputedStyle(s).visibility !== 'hidden';
      });
      const outside = drawings.filter(s => {
        const box = s.getBoundingClientRect();
        return box.left < -0.5 || box.right > width + 0.5;
      }).map(s => name(s) + ' ' + Math.round(s.getBoundingClientRect().left) + '…' + Math.round(s.getBoundingClientRect().right));
      const scrolling = [...document.querySelectorAll('body *')].filter(e => {
        const overflow = getComputedStyle(e).overflowX;
        return (overflow === 'auto' || overflow === 'scroll') && e.scrollWidth > e.clientWidth + 1;
      }).map(name);
      // Links that stand alone, as a thumb meets them: the box that takes the tap.
      const targets = [...document.querySelectorAll('.breadcrumbs li, .up-links a, .child-links a, .pager a, .chart a, .calendar td, .dash-card')]
        .filter(e => e.getClientRects().length > 0 && e.getBoundingClientRect().width > 0)
        .filter(e => e.getBoundingClientRect().height < 44 && !(e.matches('.calendar td') && !e.querySelector('a')))
        .map(e => name(e) + ' ' + Math.round(e.getBoundingClientRect().height * 10) / 10 + ' px');
      return JSON.stringify({ targets, scrollWidth: document.documentElement.scrollWidth, width, viewport: innerWidth, charts: document.querySelectorAll('svg.chart').length, pairs: document.querySelectorAll('svg.chart-wide').length,
                              visibleCharts: drawings.filter(s => s.classList.contains('chart')).length, outside, scrolling });
    })()
    """

    struct Measure: Decodable {
        let scrollWidth: Int
        let width: Int
        let viewport: Int
        let charts: Int
        /// Charts drawn twice, wide and narrow (a trend's small multiple is drawn once).
        let pairs: Int
        let visibleCharts: Int
        let outside: [String]
        let scrolling: [String]
        let targets: [String]
    }

    /// Links outside running text smaller than 44 × 44 px, and text under 12 px (SVG text
    /// as drawn, after its chart's scaling), as JSON.
    static let seedChecks = """
    (() => {
      const name = e => e.tagName.toLowerCase() + (e.getAttribute('class') ? '.' + e.getAttribute('class').split(' ').join('.') : '');
      const visible = e => e.getClientRects().length > 0 && getComputedStyle(e).visibility !== 'hidden';
      // Running text: links inside a note, a paragraph of prose, or a table's day cell keep their line.
      const small = [...document.querySelectorAll('a')].filter(a => visible(a) && !a.closest('.note-text, .references, .caption, .subtitle, p.pdf-link, .empty-state, .notice'))
        .map(a => [a, a.closest('.dash-card') || a.closest('.calendar td') || a])
        .filter(([a, box]) => { const r = box.getBoundingClientRect(); return r.width < 44 - 0.5 || r.height < 44 - 0.5; })
        .map(([a, box]) => name(a) + ' "' + a.textContent.trim().slice(0, 20) + '" ' + Math.round(box.getBoundingClientRect().width) + '×' + Math.round(box.getBoundingClientRect().height));
      const tiny = [];
      const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
      while (walker.nextNode()) {
        const node = walker.currentNode, element = node.parentElement;
        if (!node.textContent.trim() || !element || !visible(element) || element.closest('.sprite, [hidden]')) continue;
        let size = parseFloat(getComputedStyle(element).fontSize);
        const svg = element.closest('svg');
        if (svg && svg.viewBox && svg.viewBox.baseVal && svg.viewBox.baseVal.width) size *= svg.getBoundingClientRect().width / svg.viewBox.baseVal.width;
        if (size < 12 - 0.05) tiny.push(name(element) + ' "' + node.textContent.trim().slice(0, 16) + '" ' + Math.round(size * 10) / 10 + ' px');
      }
      return JSON.stringify({ small: [...new Set(small)], tiny: [...new Set(tiny)] });
    })()
    """

    struct SeedCheck: Decodable {
        let small: [String]
        let tiny: [String]
    }

    @Test("on a phone every link outside running text is 44 × 44 px or more, and on a phone and a desk no text is under 12 px, charts included",
          arguments: LanguagePage.all)
    func seedSizes(page: LanguagePage) async throws {
        let phone = try await PageReading.of(page, by: .phone)
        let check = try JSONDecoder().decode(SeedCheck.self, from: Data(phone.seedChecks.utf8))
        #expect(check.small.isEmpty, "\(page): links under 44 × 44 px: \(check.small.prefix(6))")
        #expect(check.tiny.isEmpty, "\(page): text under 12 px: \(check.tiny.prefix(8))")
        // At a desk too, no text is under 12 px, the wide charts' included.
        let desk = try await PageReading.of(page, by: .desk)
        let atDesk = try JSONDecoder().decode(SeedCheck.self, from: Data(desk.seedChecks.utf8))
        #expect(atDesk.tiny.isEmpty, "\(page) at a desk: text under 12 px: \(atDesk.tiny.prefix(8))")
    }

    @Test("no page scrolls sideways, every chart is drawn wholly inside the screen, and a phone's touch targets are 44 px",
          arguments: Reader.allCases, LanguagePage.all)
    func fits(reader: Reader, page: LanguagePage) async throws {
        let measure = try JSONDecoder().decode(Measure.self, from: Data(try await PageReading.of(page, by: reader).measure.utf8))
        #expect(measure.viewport == reader.viewport.width, "\(page) at \(reader): the viewport is \(measure.viewport) px wide")
        #expect(measure.scrollWidth <= measure.width, "\(page) at \(reader): the page is \(measure.scrollWidth) px wide")
        #expect(measure.outside.isEmpty, "\(page) at \(reader): drawn past the screen's edge: \(measure.outside)")
        #expect(measure.scrolling.isEmpty, "\(page) at \(reader): scrolls sideways inside: \(measure.scrolling)")
        if reader == .phone {
            #expect(measure.targets.isEmpty, "\(page) at \(reader): touch targets under 44 px: \(measure.targets.prefix(5))")
        }
        // A chart drawn twice, for a wide and a narrow screen, shows once; one drawn once shows.
        #expect(measure.visibleCharts == measure.charts - measure.pairs, "\(page) at \(reader): \(measure.visibleCharts) of \(measure.charts) charts shown")
    }
}
