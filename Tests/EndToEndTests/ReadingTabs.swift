import Foundation

/// Tabs kept open for the page kinds' readings, which only read: each reading navigates a
/// free tab to its page instead of opening a context and a tab of its own, so the renderer
/// is not started again, and axe, evaluated in every page, is already compiled. A tab whose
/// reading failed is closed, not reused.
final class ReadingTabs: @unchecked Sendable {
    static let shared = ReadingTabs()

    private let lock = NSLock()
    private var free: [ReadingTab] = []
    private var browser: BrowserContext?

    /// Loads `url` in a free tab as `dark` and `viewport` say, with scripts on, and runs
    /// `read` with the tab's session once the page has loaded.
    func read(_ url: URL, dark: Bool, viewport: (width: Int, height: Int), _ read: (_ browser: BrowserContext, _ session: String) async throws -> Void)
        async throws
    {
        await Permits.tabs.acquire()
        defer { Permits.tabs.release() }
        let tab = try await take()
        do {
            try await tab.load(url, dark: dark, viewport: viewport)
            try await read(tab.browser, tab.session)
            lock.withLock { free.append(tab) }
        } catch {
            tab.close()
            throw error
        }
    }

    private func take() async throws -> ReadingTab {
        if let tab = lock.withLock({ free.popLast() }) { return tab }
        let browser = try await context()
        return try await ReadingTab.open(in: browser)
    }

    /// The one context the tabs share (opened once; the readings keep no storage).
    private func context() async throws -> BrowserContext {
        if let browser = lock.withLock({ self.browser }) { return browser }
        let opened = try await BrowserContext.open()
        return lock.withLock {
            if browser == nil { browser = opened }
            return browser!
        }
    }
}

/// One tab of ``ReadingTabs``.
private struct ReadingTab {
    let browser: BrowserContext
    let target: String
    let session: String

    static func open(in browser: BrowserContext) async throws -> ReadingTab {
        let target = try await browser.call("Target.createTarget", ["url": "about:blank", "browserContextId": browser.id])["targetId"] as! String
        let session = try await browser.call("Target.attachToTarget", ["targetId": target, "flatten": true])["sessionId"] as! String
        try await browser.call("Page.enable", session: session)
        return ReadingTab(browser: browser, target: target, session: session)
    }

    /// Sets the reader's colour scheme and screen (both each time: the tab keeps the last
    /// reading's), then loads `url`.
    func load(_ url: URL, dark: Bool, viewport: (width: Int, height: Int)) async throws {
        try await browser.emulate(dark: dark, session: session)
        try await browser.resize(to: viewport, session: session)
        _ = browser.devTools.takeEvents(session: session)
        try await browser.call("Page.navigate", ["url": url.absoluteString], session: session)
        try await browser.devTools.waitFor("Page.loadEventFired", session: session)
    }

    func close() {
        browser.devTools.post("Target.closeTarget", ["targetId": target])
    }
}

extension ReadingTabs {
    /// `page` printed to `pdf` by the run's browser, as `bbreport --pdf` has Chromium print it
    /// (`--print-to-pdf --no-pdf-header-footer`: the page's own paper size, its backgrounds,
    /// no header or footer), without starting a browser for it.
    func print(_ page: URL, to pdf: URL) async throws {
        try await read(page, dark: false, viewport: (800, 600)) { browser, session in
            let printed = try await browser.call("Page.printToPDF", ["printBackground": true, "preferCSSPageSize": true, "displayHeaderFooter": false],
                                                 session: session, timeout: 120)
            guard let data = (printed["data"] as? String).flatMap({ Data(base64Encoded: $0) }) else {
                throw DevTools.Failure(description: "\(page.lastPathComponent) was not printed")
            }
            try data.write(to: pdf)
        }
    }
}
