import Foundation
import Testing

/// Every page kind audited by axe-core in the real Chromium, light and dark, and walked with
/// the keyboard.
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
        let axe = try #require(Browser.axe, "BBREPORT_AXE names no readable axe.min.js")
        let browser = try await BrowserContext.open()
        var violations: [String] = []
        _ = try await browser.load(try await page.file, javascript: true, dark: reader.dark, viewport: reader.viewport) { session in
            _ = try await browser.evaluate(axe + "\n;'loaded'", session: session)
            let found = try await browser.evaluate(Self.audit, session: session)
            violations = try JSONDecoder().decode([String].self, from: Data(found.utf8))
        }
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

    struct Focus: Decodable {
        let element: Int
        let link: String
        let ring: String
        let visible: Bool
    }

    @Test("the keyboard reaches every link, and each shows a focus ring", arguments: Reader.allCases, LanguagePage.all)
    func keyboard(reader: Reader, page: LanguagePage) async throws {
        let browser = try await BrowserContext.open()
        var links: [String] = []
        var reached: [Focus] = []
        _ = try await browser.load(try await page.file, javascript: true, dark: reader.dark, viewport: reader.viewport) { session in
            let all = try await browser.evaluate("JSON.stringify([...document.querySelectorAll('a[href]')].filter(a => a.getClientRects().length > 0).map(a => a.getAttribute('href')))", session: session)
            links = try JSONDecoder().decode([String].self, from: Data(all.utf8))
            let stops = Int(try await browser.evaluate("String(document.querySelectorAll('a[href], summary, input, button, [tabindex]').length)", session: session)) ?? 0
            _ = try await browser.evaluate(Self.focusLog, session: session)
            // Tab pressed until focus has surely come back round; the key events keep their
            // order, so only the last one is waited for.
            let presses = (0..<(stops + 10)).flatMap { _ in ["keyDown", "keyUp"] }
            for type in presses.dropLast() {
                browser.devTools.post("Input.dispatchKeyEvent", ["type": type, "key": "Tab", "code": "Tab", "windowsVirtualKeyCode": 9], session: session)
            }
            try await browser.call("Input.dispatchKeyEvent", ["type": "keyUp", "key": "Tab", "code": "Tab", "windowsVirtualKeyCode": 9], session: session)
            let log = try JSONDecoder().decode([Focus].self, from: Data(try await browser.evaluate("JSON.stringify(window.focusLog)", session: session).utf8))
            // One round: up to the first element focused a second time.
            var elements = Set<Int>()
            for focus in log {
                guard elements.insert(focus.element).inserted else { break }
                reached.append(focus)
            }
        }
        let missed = Set(links).subtracting(reached.map(\.link))
        #expect(missed.isEmpty, "\(page) at \(reader): not reached by Tab: \(missed.sorted().prefix(5))")
        let unringed = reached.filter { $0.ring.isEmpty || !$0.visible }.map(\.link)
        #expect(unringed.isEmpty, "\(page) at \(reader): focused without a visible ring: \(unringed.prefix(5))")
        #expect(!reached.isEmpty, "\(page) at \(reader): Tab reached nothing")
    }
}
