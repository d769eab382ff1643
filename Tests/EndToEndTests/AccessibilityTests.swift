import Foundation
import Testing

/// Every page kind audited by axe-core in the real Chromium, light and dark, and walked with
/// the keyboard.
@Suite(.enabled(if: Browser.available, "Chromium is not installed; scripts/test installs it (apt-get install chromium)"),
       .serialized)
struct AccessibilityTests {
    /// axe's serious and critical violations, one line each: the rule, then up to five places.
    static let audit = """
    axe.run(document, { resultTypes: ['violations'] }).then(result => JSON.stringify(
      result.violations.filter(v => v.impact === 'serious' || v.impact === 'critical').map(v =>
        v.id + ' (' + v.impact + '): ' + v.help + ' at ' + v.nodes.slice(0, 5).map(n => n.target.join(' ')).join(', '))))
    """

    @Test("axe-core finds no serious or critical violation on any page kind", .enabled(if: Browser.axeAvailable, "axe-core is not installed; scripts/test installs it"),
          arguments: Reader.allCases, PageLanguage.allCases)
    func axe(reader: Reader, language: PageLanguage) throws {
        let axe = try #require(Browser.axe, "BBREPORT_AXE names no readable axe.min.js")
        let browser = try DevTools(executable: Browser.executable!)
        for page in try PageKinds.of(language).pages {
            var violations: [String] = []
            _ = try browser.load(page.file, javascript: true, dark: reader.dark, viewport: reader.viewport) { session in
                _ = try browser.evaluate(axe + "\n;'loaded'", session: session)
                let found = try browser.evaluate(Self.audit, session: session)
                violations = try JSONDecoder().decode([String].self, from: Data(found.utf8))
            }
            #expect(violations.isEmpty, "\(page) in \(language) at \(reader):\n\(violations.joined(separator: "\n"))")
        }
    }

    /// Tab pressed until focus comes back round: each step's focused link, whether it is
    /// visible and the ring drawn around it (or around the box it fills).
    static let focused = """
    (() => {
      const e = document.activeElement;
      if (!e || e === document.body) return JSON.stringify({ link: '' });
      const ring = el => { const s = getComputedStyle(el); return s.outlineStyle !== 'none' && parseFloat(s.outlineWidth) >= 2 ? s.outlineWidth + ' ' + s.outlineColor : ''; };
      let shown = ring(e);
      // A link that fills a card, a calendar day or a chart row draws the ring on that box.
      for (let box = e.parentElement; !shown && box && box !== document.body; box = box.parentElement) shown = ring(box);
      const hit = e.querySelector('.row-hit');
      if (!shown && hit) { const s = getComputedStyle(hit); shown = parseFloat(s.strokeWidth) >= 2 && s.stroke !== 'none' ? 'stroke ' + s.stroke : ''; }
      const box = e.getBoundingClientRect();
      return JSON.stringify({ link: e.getAttribute('href') || e.tagName, ring: shown, visible: box.width > 0 && box.height > 0 });
    })()
    """

    struct Focus: Decodable {
        let link: String
        let ring: String?
        let visible: Bool?
    }

    @Test("the keyboard reaches every link, and each shows a focus ring", arguments: Reader.allCases, PageLanguage.allCases)
    func keyboard(reader: Reader, language: PageLanguage) throws {
        let browser = try DevTools(executable: Browser.executable!)
        for page in try PageKinds.of(language).pages {
            var links: [String] = []
            var reached: [Focus] = []
            _ = try browser.load(page.file, javascript: true, dark: reader.dark, viewport: reader.viewport) { session in
                let all = try browser.evaluate("JSON.stringify([...document.querySelectorAll('a[href]')].filter(a => a.getClientRects().length > 0).map(a => a.getAttribute('href')))", session: session)
                links = try JSONDecoder().decode([String].self, from: Data(all.utf8))
                let stops = Int(try browser.evaluate("String(document.querySelectorAll('a[href], summary, input, button, [tabindex]').length)", session: session)) ?? 0
                for _ in 0..<(stops + 10) {
                    for type in ["keyDown", "keyUp"] {
                        try browser.call("Input.dispatchKeyEvent", ["type": type, "key": "Tab", "code": "Tab", "windowsVirtualKeyCode": 9], session: session)
                    }
                    let focus = try JSONDecoder().decode(Focus.self, from: Data(try browser.evaluate(Self.focused, session: session).utf8))
                    if focus.link.isEmpty, !reached.isEmpty { break }
                    if !focus.link.isEmpty { reached.append(focus) }
                }
            }
            let missed = Set(links).subtracting(reached.map(\.link))
            #expect(missed.isEmpty, "\(page) in \(language) at \(reader): not reached by Tab: \(missed.sorted().prefix(5))")
            let unringed = reached.filter { ($0.ring ?? "").isEmpty || $0.visible != true }.map(\.link)
            #expect(unringed.isEmpty, "\(page) in \(language) at \(reader): focused without a visible ring: \(unringed.prefix(5))")
            #expect(!reached.isEmpty, "\(page) in \(language) at \(reader): Tab reached nothing")
        }
    }
}
