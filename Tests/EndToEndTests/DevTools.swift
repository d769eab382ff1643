import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A headless Chromium driven over the DevTools protocol through a pipe
/// (`--remote-debugging-pipe`: commands on its fd 3, replies and events on its fd 4,
/// each message ending in a NUL byte). No WebSocket needed.
final class DevTools {
    private var pid: pid_t = 0
    private let commands: Int32
    private let replies: Int32
    private var buffer: [UInt8] = []
    private var nextID = 0
    private let profile: URL
    /// Chromium's temporary folder.
    private let temporary: URL
    /// Events received so far, in order: `["method": …, "params": …, "sessionId": …]`.
    private(set) var events: [[String: Any]] = []

    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    init(executable: String) throws {
        profile = FileManager.default.temporaryDirectory.appendingPathComponent("bbreport-devtools-\(UUID().uuidString)")
        var toChrome: [Int32] = [0, 0]
        var fromChrome: [Int32] = [0, 0]
        guard pipe(&toChrome) == 0, pipe(&fromChrome) == 0 else { throw Failure(description: "pipe() failed") }
        // Move our ends out of the way of 3 and 4, which the child must receive.
        let childRead = fcntl(toChrome[0], F_DUPFD, 10)
        let childWrite = fcntl(fromChrome[1], F_DUPFD, 10)
        commands = fcntl(toChrome[1], F_DUPFD, 10)
        replies = fcntl(fromChrome[0], F_DUPFD, 10)
        for fd in toChrome + fromChrome { close(fd) }

        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, childRead, 3)
        posix_spawn_file_actions_adddup2(&actions, childWrite, 4)
        posix_spawn_file_actions_addclose(&actions, commands)
        posix_spawn_file_actions_addclose(&actions, replies)
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        let arguments = [executable, "--headless", "--no-sandbox", "--disable-gpu", "--remote-debugging-pipe",
                         "--user-data-dir=\(profile.path)", "about:blank"]
        var argv = arguments.map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        // Its temporary folder one of ours, removed with the profile: it is ended by a
        // signal, which leaves it no time to remove the folder it keeps there while it runs
        // (a short path: that folder holds a socket, whose path is at most 107 bytes).
        var template = Array((FileManager.default.temporaryDirectory.path + "/bbcr.XXXXXX").utf8CString)
        guard let made = mkdtemp(&template) else { throw Failure(description: "mkdtemp failed") }
        temporary = URL(fileURLWithPath: String(cString: made))
        var environment = ProcessInfo.processInfo.environment
        environment["TMPDIR"] = temporary.path
        var envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { envp.forEach { free($0) } }
        // In a process group of its own, so that its helpers (which write to the profile)
        // end with it.
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETPGROUP))
        posix_spawnattr_setpgroup(&attributes, 0)
        let status = posix_spawn(&pid, executable, &actions, &attributes, &argv, &envp)
        close(childRead)
        close(childWrite)
        guard status == 0 else {
            try? FileManager.default.removeItem(at: temporary)
            throw Failure(description: "could not start \(executable): \(String(cString: strerror(status)))")
        }
    }

    deinit {
        kill(-pid, SIGKILL)
        var status: Int32 = 0
        waitpid(pid, &status, 0)
        close(commands)
        close(replies)
        try? FileManager.default.removeItem(at: profile)
        try? FileManager.default.removeItem(at: temporary)
    }

    /// Sends a command and waits for its result, keeping the events that arrive meanwhile.
    @discardableResult
    func call(_ method: String, _ params: [String: Any] = [:], session: String? = nil, timeout: Double = 20) throws -> [String: Any] {
        nextID += 1
        let id = nextID
        var message: [String: Any] = ["id": id, "method": method, "params": params]
        if let session { message["sessionId"] = session }
        var data = try JSONSerialization.data(withJSONObject: message)
        data.append(0)
        try data.withUnsafeBytes { bytes in
            var offset = 0
            while offset < bytes.count {
                let written = write(commands, bytes.baseAddress! + offset, bytes.count - offset)
                guard written > 0 else { throw Failure(description: "Chromium closed its pipe") }
                offset += written
            }
        }
        let deadline = Date().addingTimeInterval(timeout)
        while true {
            let reply = try nextMessage(until: deadline)
            if reply["id"] as? Int == id {
                if let error = reply["error"] as? [String: Any] {
                    throw Failure(description: "\(method): \(error["message"] ?? error)")
                }
                return reply["result"] as? [String: Any] ?? [:]
            }
            if reply["method"] != nil { events.append(reply) }
        }
    }

    /// Waits for an event named `method` (for `session`) among the events after the first
    /// `after`, returning its parameters.
    @discardableResult
    func waitFor(_ method: String, session: String?, after: Int = 0, timeout: Double = 20) throws -> [String: Any] {
        let deadline = Date().addingTimeInterval(timeout)
        var seen = after
        while true {
            for event in events.dropFirst(seen) where event["method"] as? String == method && event["sessionId"] as? String == session {
                return event["params"] as? [String: Any] ?? [:]
            }
            seen = events.count
            let message = try nextMessage(until: deadline)
            if message["method"] != nil { events.append(message) }
        }
    }

    private func nextMessage(until deadline: Date) throws -> [String: Any] {
        while true {
            if let end = buffer.firstIndex(of: 0) {
                let data = Data(buffer[..<end])
                buffer.removeSubrange(...end)
                return (try JSONSerialization.jsonObject(with: data)) as? [String: Any] ?? [:]
            }
            let remaining = deadline.timeIntervalSinceNow
            guard remaining > 0 else { throw Failure(description: "Chromium did not answer in time") }
            var descriptor = pollfd(fd: replies, events: Int16(POLLIN), revents: 0)
            guard poll(&descriptor, 1, Int32(remaining * 1000)) > 0 else { continue }
            var chunk = [UInt8](repeating: 0, count: 65_536)
            let count = read(replies, &chunk, chunk.count)
            guard count > 0 else { throw Failure(description: "Chromium closed its pipe") }
            buffer += chunk[..<count]
        }
    }
}

extension DevTools {
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
              clock: Int64? = nil, probe: String? = nil, inspect: ((_ session: String) throws -> Void)? = nil) throws -> PageLoad {
        let target = try call("Target.createTarget", ["url": "about:blank"])["targetId"] as! String
        let session = try call("Target.attachToTarget", ["targetId": target, "flatten": true])["sessionId"] as! String
        defer { _ = try? call("Target.closeTarget", ["targetId": target]) }
        for domain in ["Page", "Network", "Log", "Runtime"] {
            try call("\(domain).enable", session: session)
        }
        if !javascript {
            try call("Emulation.setScriptExecutionDisabled", ["value": true], session: session)
        }
        if media != nil || dark {
            try call("Emulation.setEmulatedMedia", ["media": media ?? "",
                                                    "features": [["name": "prefers-color-scheme", "value": dark ? "dark" : "light"]]],
                     session: session)
        }
        if let viewport {
            try call("Emulation.setDeviceMetricsOverride", ["width": viewport.width, "height": viewport.height,
                                                            "deviceScaleFactor": 1, "mobile": viewport.width < 600], session: session)
        }
        if let clock {
            try call("Page.addScriptToEvaluateOnNewDocument", ["source": """
                (function () { var shift = \(clock) - Date.now(), now = Date.now; Date.now = function () { return now() + shift; }; })();
                """], session: session)
        }
        let start = events.count
        try call("Page.navigate", ["url": url.absoluteString], session: session)
        try waitFor("Page.loadEventFired", session: session)
        let root = try call("DOM.getDocument", ["depth": -1], session: session)["root"] as! [String: Any]
        let html = try call("DOM.getOuterHTML", ["nodeId": root["nodeId"]!], session: session)["outerHTML"] as? String ?? ""
        var probed: String?
        if let probe {
            let result = try call("Runtime.evaluate", ["expression": probe, "returnByValue": true], session: session)
            probed = (result["result"] as? [String: Any])?["value"] as? String
        }
        try inspect?(session)
        let mine = events.dropFirst(start).filter { $0["sessionId"] as? String == session }
        var problems: [String] = []
        var requests: [String] = []
        for event in mine {
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
        return PageLoad(html: html, problems: problems, requests: requests, probed: probed)
    }
}

extension DevTools {
    /// The computed value of the CSS `property` of the first element matching `selector`
    /// in the tab of `session`, read by DevTools (works with the page's scripts off).
    func computedStyle(_ property: String, of selector: String, session: String) throws -> String? {
        let root = try call("DOM.getDocument", ["depth": 0], session: session)["root"] as! [String: Any]
        let node = try call("DOM.querySelector", ["nodeId": root["nodeId"]!, "selector": selector], session: session)["nodeId"] as? Int ?? 0
        guard node != 0 else { return nil }
        try call("CSS.enable", session: session)
        let styles = try call("CSS.getComputedStyleForNode", ["nodeId": node], session: session)["computedStyle"] as? [[String: Any]] ?? []
        return styles.first { $0["name"] as? String == property }?["value"] as? String
    }
}

extension DevTools {
    /// The string value of `expression` in the tab of `session`; a promise is awaited.
    func evaluate(_ expression: String, session: String, timeout: Double = 60) throws -> String {
        let result = try call("Runtime.evaluate", ["expression": expression, "returnByValue": true, "awaitPromise": true],
                              session: session, timeout: timeout)
        if let exception = result["exceptionDetails"] as? [String: Any] {
            throw Failure(description: "\(expression.prefix(60))…: \(exception["text"] ?? ""), \(exception["exception"] ?? "")")
        }
        return (result["result"] as? [String: Any])?["value"] as? String ?? ""
    }
}
