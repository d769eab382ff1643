import Foundation

/// What one test reads its pages in: a browser context of the run's Chromium, with storage
/// and a cache of its own, so no test sees another's. Removed when the test lets it go.
final class BrowserContext: Sendable {
    let devTools: DevTools
    let id: String

    /// A fresh context in the run's browser.
    static func open() async throws -> BrowserContext {
        let devTools = try DevTools.shared()
        let id = try await devTools.call("Target.createBrowserContext", ["disposeOnDetach": false])["browserContextId"] as! String
        return BrowserContext(devTools: devTools, id: id)
    }

    private init(devTools: DevTools, id: String) {
        self.devTools = devTools
        self.id = id
    }

    deinit {
        devTools.post("Target.disposeBrowserContext", ["browserContextId": id])
    }

    @discardableResult
    func call(_ method: String, _ params: [String: Any] = [:], session: String? = nil, timeout: Double = 20) async throws -> [String: Any] {
        try await devTools.call(method, params, session: session, timeout: timeout)
    }
}

extension BrowserContext {
    /// What loading one page showed.
    struct PageLoad {
        /// The document as the browser built it.
        let html: String
        /// Console messages, log entries (CSP violations among them), exceptions, failed loads.
        let problems: [String]
        /// Every URL the page requested.
        let requests: [String]
        /// The value of the probe expression, if one was given.
        let probed: String?
    }

    /// Opens `url` in a new tab, scripts on or off, waits for it to load, and reports.
    /// `media` emulates a medium (`print`), `dark` the reader's dark-mode preference;
    /// `probe` is a JavaScript expression evaluated in the loaded page by DevTools (page
    /// policy does not apply to it), whose string value is returned in `probed`.
    /// `viewport` sizes the tab in CSS pixels (a width under 600 is a phone: its meta
    /// viewport applies). `clock`, in milliseconds since 1970, is what the page's `Date.now()`
    /// reads (moved by the same amount as time goes on). `inspect`, when given, runs with the
    /// tab's session before it is closed.
    func load(_ url: URL, javascript: Bool, media: String? = nil, dark: Bool = false, viewport: (width: Int, height: Int)? = nil,
              clock: Int64? = nil, probe: String? = nil, inspect: ((_ session: String) async throws -> Void)? = nil) async throws -> PageLoad {
        await Permits.tabs.acquire()
        defer { Permits.tabs.release() }
        let target = try await call("Target.createTarget", ["url": "about:blank", "browserContextId": id])["targetId"] as! String
        defer { devTools.post("Target.closeTarget", ["targetId": target]) }
        let session = try await call("Target.attachToTarget", ["targetId": target, "flatten": true])["sessionId"] as! String
        defer { _ = devTools.takeEvents(session: session) }
        try await prepare(session, javascript: javascript, media: media, dark: dark, viewport: viewport, clock: clock)
        let before = devTools.eventCount(session: session)
        try await call("Page.navigate", ["url": url.absoluteString], session: session)
        try await devTools.waitFor("Page.loadEventFired", session: session, after: before)
        let root = try await call("DOM.getDocument", ["depth": 0], session: session)["root"] as! [String: Any]
        let html = try await call("DOM.getOuterHTML", ["nodeId": root["nodeId"]!], session: session)["outerHTML"] as? String ?? ""
        var probed: String?
        if let probe {
            let result = try await call("Runtime.evaluate", ["expression": probe, "returnByValue": true], session: session)
            probed = (result["result"] as? [String: Any])?["value"] as? String
        }
        try await inspect?(session)
        let (problems, requests) = Self.problemsAndRequests(in: devTools.events(session: session))
        return PageLoad(html: html, problems: problems, requests: requests, probed: probed)
    }

    /// A new tab's settings: the domains whose events `load` reports, scripts, media, size and clock.
    private func prepare(_ session: String, javascript: Bool, media: String?, dark: Bool, viewport: (width: Int, height: Int)?,
                         clock: Int64?) async throws {
        for domain in ["Page", "Network", "Log", "Runtime"] {
            try await call("\(domain).enable", session: session)
        }
        if !javascript {
            try await call("Emulation.setScriptExecutionDisabled", ["value": true], session: session)
        }
        if media != nil || dark {
            try await emulate(media: media, dark: dark, session: session)
        }
        if let viewport {
            try await resize(to: viewport, session: session)
        }
        if let clock {
            try await call("Page.addScriptToEvaluateOnNewDocument", ["source": """
                (function () { var shift = \(clock) - Date.now(), now = Date.now; Date.now = function () { return now() + shift; }; })();
                """], session: session)
        }
    }

    /// Emulates `media` (none: the screen) and the reader's colour scheme in the tab of `session`.
    func emulate(media: String? = nil, dark: Bool, session: String) async throws {
        try await call("Emulation.setEmulatedMedia", ["media": media ?? "",
                                                      "features": [["name": "prefers-color-scheme", "value": dark ? "dark" : "light"]]],
                       session: session)
    }

    /// Sizes the tab of `session` in CSS pixels (a width under 600 is a phone's).
    func resize(to viewport: (width: Int, height: Int), session: String) async throws {
        try await call("Emulation.setDeviceMetricsOverride", ["width": viewport.width, "height": viewport.height,
                                                              "deviceScaleFactor": 1, "mobile": viewport.width < 600], session: session)
    }

    /// What the tab of `session` has logged as a problem so far, as `PageLoad.problems` says it.
    func problems(session: String) -> [String] {
        Self.problemsAndRequests(in: devTools.events(session: session)).problems
    }

    private static func problemsAndRequests(in events: [[String: Any]]) -> (problems: [String], requests: [String]) {
        var problems: [String] = []
        var requests: [String] = []
        for event in events {
            let params = event["params"] as? [String: Any] ?? [:]
            switch event["method"] as? String {
            case "Log.entryAdded":
                let entry = params["entry"] as? [String: Any] ?? [:]
                problems.append("log \(entry["level"] ?? ""): \(entry["text"] ?? "")")
            case "Runtime.consoleAPICalled":
                problems.append("console.\(params["type"] ?? ""): \(params["args"] ?? "")")
            case "Runtime.exceptionThrown":
                problems.append("exception: \(params["exceptionDetails"] ?? "")")
            case "Network.loadingFailed":
                problems.append("failed load: \(params["errorText"] ?? "") \(params["blockedReason"] ?? "")")
            case "Network.requestWillBeSent":
                if let request = params["request"] as? [String: Any], let url = request["url"] as? String {
                    requests.append(url)
                }
            default:
                break
            }
        }
        return (problems, requests)
    }
}

extension BrowserContext {
    /// The computed value of the CSS `property` of the first element matching `selector`
    /// in the tab of `session`, read by DevTools (works with the page's scripts off).
    func computedStyle(_ property: String, of selector: String, session: String) async throws -> String? {
        let root = try await call("DOM.getDocument", ["depth": 0], session: session)["root"] as! [String: Any]
        let node = try await call("DOM.querySelector", ["nodeId": root["nodeId"]!, "selector": selector], session: session)["nodeId"] as? Int ?? 0
        guard node != 0 else { return nil }
        try await call("CSS.enable", session: session)
        let styles = try await call("CSS.getComputedStyleForNode", ["nodeId": node], session: session)["computedStyle"] as? [[String: Any]] ?? []
        return styles.first { $0["name"] as? String == property }?["value"] as? String
    }

    /// The string value of `expression` in the tab of `session`; a promise is awaited. Four
    /// minutes by default: axe over the themes page, with three other tabs and a build beside
    /// it on two cores, once took over one.
    func evaluate(_ expression: String, session: String, timeout: Double = 240) async throws -> String {
        let result = try await call("Runtime.evaluate", ["expression": expression, "returnByValue": true, "awaitPromise": true],
                                    session: session, timeout: timeout)
        if let exception = result["exceptionDetails"] as? [String: Any] {
            throw DevTools.Failure(description: "\(expression.prefix(60))…: \(exception["text"] ?? ""), \(exception["exception"] ?? "")")
        }
        return (result["result"] as? [String: Any])?["value"] as? String ?? ""
    }
}
