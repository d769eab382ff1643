import Foundation

/// What the layout and accessibility tests read of one page kind as one reader sees it. The
/// page is loaded once, in one of the tabs kept for readings (``ReadingTabs``), and each
/// check's probe runs on it in turn — the measures first, then axe, then the keyboard walk,
/// which moves focus — and each test asserts on its part.
struct PageReading: Sendable {
    /// `LayoutTests.measure`'s JSON.
    let measure: String
    /// `LayoutTests.seedChecks`' JSON.
    let seedChecks: String
    /// axe's serious and critical violations, or nil without axe.
    let violations: [String]?
    /// The links a reader sees.
    let links: [String]
    /// Where Tab took focus, once round the page.
    let focusStops: [FocusStop]

    /// One place Tab took focus: the element (numbered as first focused), its link, the ring
    /// drawn around it (or around the box it fills) and whether it is visible.
    struct FocusStop: Decodable, Sendable {
        let element: Int
        let link: String
        let ring: String
        let visible: Bool
    }

    private static let readings = Memo<String, PageReading>()

    /// `page` as `reader` sees it, read once for all the tests that ask.
    static func of(_ page: LanguagePage, by reader: Reader) async throws -> PageReading {
        try await readings.value("\(page) at \(reader)") { try await read(page, by: reader) }
    }

    private static func read(_ page: LanguagePage, by reader: Reader) async throws -> PageReading {
        let file = try await page.file
        var reading: PageReading?
        try await ReadingTabs.shared.read(file, dark: reader.dark, viewport: reader.viewport) { browser, session in
            let measure = try await browser.evaluate(LayoutTests.measure, session: session)
            let seedChecks = try await browser.evaluate(LayoutTests.seedChecks, session: session)
            var violations: [String]?
            if let axe = Browser.axe {
                _ = try await browser.evaluate(axe + "\n;'loaded'", session: session)
                let found = try await browser.evaluate(AccessibilityTests.audit, session: session)
                violations = try JSONDecoder().decode([String].self, from: Data(found.utf8))
            }
            let (links, stops) = try await walkWithTab(browser, session: session)
            reading = PageReading(measure: measure, seedChecks: seedChecks, violations: violations, links: links, focusStops: stops)
        }
        guard let reading else { throw DevTools.Failure(description: "\(page) at \(reader) was not read") }
        return reading
    }

    /// The links a reader sees, and where Tab takes focus once round the page. The key
    /// events keep their order, so they are sent together and only the last is waited for;
    /// the page logs each focus as it comes (`AccessibilityTests.focusLog`).
    private static func walkWithTab(_ browser: BrowserContext, session: String) async throws -> ([String], [FocusStop]) {
        let all = try await browser.evaluate("JSON.stringify([...document.querySelectorAll('a[href]')].filter(a => a.getClientRects().length > 0).map(a => a.getAttribute('href')))", session: session)
        let links = try JSONDecoder().decode([String].self, from: Data(all.utf8))
        let stops = Int(try await browser.evaluate("String(document.querySelectorAll('a[href], summary, input, button, [tabindex]').length)", session: session)) ?? 0
        _ = try await browser.evaluate(AccessibilityTests.focusLog, session: session)
        // Enough presses for focus to come surely back round.
        let presses = (0..<(stops + 10)).flatMap { _ in ["keyDown", "keyUp"] }
            .map { ["type": $0, "key": "Tab", "code": "Tab", "windowsVirtualKeyCode": 9] as [String: Any] }
        for press in presses.dropLast() {
            browser.devTools.post("Input.dispatchKeyEvent", press, session: session)
        }
        try await browser.call("Input.dispatchKeyEvent", presses.last!, session: session)
        let log = try JSONDecoder().decode([FocusStop].self, from: Data(try await browser.evaluate("JSON.stringify(window.focusLog)", session: session).utf8))
        // One round: up to the first element focused a second time.
        var elements = Set<Int>()
        return (links, Array(log.prefix { elements.insert($0.element).inserted }))
    }
}
