import Foundation
import Testing

/// Every page kind audited by axe-core in the real Chromium, light and dark, and walked with
/// the keyboard (each page read once for these and the layout tests: `PageReading`).
@Suite(.enabled(if: Browser.available, "Chromium is not installed; scripts/test installs it (apt-get install chromium)"))
struct AccessibilityTests {
    /// axe's serious and critical violations, one line each: the rule, then up to five places.
    static let audit = """
    axe.run(document, { resultTypes: ['violations'] }).then(result => JSON.stringify(
      result.violations.filter(v => v.impact === 'serious' || v.impact === 'critical').map(v =>
        v.id + ' (' + v.impact + '): ' + v.help + ' at ' + v.nodes.slice(0, 5).map(n => n.target.join(' ')).join(', '))))
    """

    @Test("axe-core finds no serious or critical violation on any page kind", .enabled(if: Browser.axeAvailable, "axe-core is not installed; scripts/test installs it"),
          arguments: Reader.allCases, LanguagePage.all)
    func axe(reader: Reader, page: LanguagePage) async throws {
        _ = try #require(Browser.axe, "BBREPORT_AXE names no readable axe.min.js")
        let violations = try #require(try await PageReading.of(page, by: reader).violations)
        #expect(violations.isEmpty, "\(page) at \(reader):\n\(violations.joined(separator: "\n"))")
    }

    /// Kept by the page as focus moves: each focused element's link, whether it is visible
    /// and the ring drawn around it (or around the box it fills), and which element it was,
    /// so that coming back round can be told from two links to one place.
    static let focusLog = """
    (() => {
      window.focusLog = [];
      const seen = new Map();
      const ring = el => { const s = getComputedStyle(el); return s.outlineStyle !== 'none' && parseFloat(s.outlineWidth) >= 2 ? s.outlineWidth + ' ' + s.outlineColor : ''; };
      document.addEventListener('focusin', () => {
        const e = document.activeElement;
        if (!e || e === document.body) return;
        if (!seen.has(e)) seen.set(e, seen.size);
        let shown = ring(e);
        // A link that fills a card, a calendar day or a chart row draws the ring on that box.
        for (let box = e.parentElement; !shown && box && box !== document.body; box = box.parentElement) shown = ring(box);
        const hit = e.querySelector('.row-hit');
        if (!shown && hit) { const s = getComputedStyle(hit); shown = parseFloat(s.strokeWidth) >= 2 && s.stroke !== 'none' ? 'stroke ' + s.stroke : ''; }
        const box = e.getBoundingClientRect();
        window.focusLog.push({ element: seen.get(e), link: e.getAttribute('href') || e.tagName, ring: shown, visible: box.width > 0 && box.height > 0 });
      });
      return 'listening';
    })()
    """

    @Test("the keyboard reaches every link, and each shows a focus ring", arguments: Reader.allCases, LanguagePage.all)
    func keyboard(reader: Reader, page: LanguagePage) async throws {
        let reading = try await PageReading.of(page, by: reader)
        let reached = reading.focusStops
        let missed = Set(reading.links).subtracting(reached.map(\.link))
        #expect(missed.isEmpty, "\(page) at \(reader): not reached by Tab: \(missed.sorted().prefix(5))")
        let unringed = reached.filter { $0.ring.isEmpty || !$0.visible }.map(\.link)
        #expect(unringed.isEmpty, "\(page) at \(reader): focused without a visible ring: \(unringed.prefix(5))")
        #expect(!reached.isEmpty, "\(page) at \(reader): Tab reached nothing")
    }
}
