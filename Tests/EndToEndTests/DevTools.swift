import Chromium
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A headless Chromium driven over the DevTools protocol through a pipe
/// (`--remote-debugging-pipe`: commands on its fd 3, replies and events on its fd 4,
/// each message ending in a NUL byte). No WebSocket needed.
///
/// One is started for the whole test run and shared by every browser test (starting one
/// costs more than most pages do to load); each test reads its pages in a browser context
/// of its own (`BrowserContext`). A reader thread hands each reply to the command that
/// waits for it, so a test waiting on the browser holds no thread of the test pool.
final class DevTools: @unchecked Sendable {
    private let chromium: ChromiumProcess
    private let profile: URL
    /// Chromium's temporary folder.
    private let temporary: URL

    private let lock = NSLock()
    private let writing = NSLock()
    private var nextID = 0
    private var waiting: [Int: Waiter] = [:]
    /// Events received so far, by session, in order: `["method": …, "params": …]`.
    private var events: [String: [[String: Any]]] = [:]
    private var eventWaiters: [EventWaiter] = []
    /// Why the pipe can no longer be used, once it cannot.
    private var closed: Failure?

    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// A message as JSON read it, passed from the reader thread to the task waiting for it.
    private struct Message: @unchecked Sendable {
        let body: [String: Any]
    }

    private struct Waiter {
        let method: String
        let deadline: Date
        let continuation: CheckedContinuation<Message, any Error>
    }

    private struct EventWaiter {
        let method: String
        let session: String
        let deadline: Date
        let continuation: CheckedContinuation<Message, any Error>
    }

    private init(executable: String) throws {
        profile = FileManager.default.temporaryDirectory.appendingPathComponent("bbreport-devtools-\(UUID().uuidString)")
        // Tabs side by side each run as if in front (no throttled timers in the others), and
        // none of a desktop browser's own background work.
        let arguments = ["--headless", "--no-sandbox", "--disable-gpu", "--remote-debugging-pipe",
                         "--disable-background-timer-throttling", "--disable-renderer-backgrounding",
                         "--disable-backgrounding-occluded-windows", "--disable-background-networking",
                         "--disable-component-update", "--disable-extensions", "--disable-sync", "--no-first-run",
                         "--user-data-dir=\(profile.path)", "about:blank"]
        // Its temporary folder one of ours, removed with the profile: it is ended by a
        // signal, which leaves it no time to remove the folder it keeps there while it runs
        // (a short path: that folder holds a socket, whose path is at most 107 bytes).
        var template = Array((FileManager.default.temporaryDirectory.path + "/bbcr.XXXXXX").utf8CString)
        guard let made = mkdtemp(&template) else { throw Failure(description: "mkdtemp failed") }
        temporary = URL(fileURLWithPath: String(cString: made))
        var environment = ProcessInfo.processInfo.environment
        environment["TMPDIR"] = temporary.path
        do {
            chromium = try ChromiumProcess(executable: executable, arguments: arguments, environment: environment)
        } catch {
            try? FileManager.default.removeItem(at: temporary)
            throw Failure(description: "\(error)")
        }
        let reader = Thread { [self] in readReplies() }
        reader.name = "DevTools replies"
        reader.start()
    }

    /// Ends Chromium and its helpers and removes its folders.
    private func end() {
        chromium.end(grace: 0)
        try? FileManager.default.removeItem(at: profile)
        try? FileManager.default.removeItem(at: temporary)
    }

    /// Sends a command and waits for its result; the events that arrive meanwhile are kept.
    @discardableResult
    func call(_ method: String, _ params: [String: Any] = [:], session: String? = nil, timeout: Double = 20) async throws -> [String: Any] {
        let reply = try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Message, any Error>) in
            let id: Int? = lock.withLock {
                if let closed { continuation.resume(throwing: closed); return nil }
                let id = newID()
                waiting[id] = Waiter(method: method, deadline: Date().addingTimeInterval(timeout), continuation: continuation)
                return id
            }
            guard let id else { return }
            do {
                try send(id: id, method, params, session: session)
            } catch {
                lock.withLock { waiting.removeValue(forKey: id) }?.continuation.resume(throwing: error)
            }
        }
        if let error = reply.body["error"] as? [String: Any] {
            throw Failure(description: "\(method): \(error["message"] ?? error)")
        }
        return reply.body["result"] as? [String: Any] ?? [:]
    }

    /// Sends a command whose result nobody waits for.
    func post(_ method: String, _ params: [String: Any] = [:], session: String? = nil) {
        try? send(id: lock.withLock { newID() }, method, params, session: session)
    }

    /// A command's number, not given before (under the lock).
    private func newID() -> Int {
        nextID += 1
        return nextID
    }

    /// Waits for an event named `method` for `session` among its events after the first
    /// `after`, returning its parameters.
    @discardableResult
    func waitFor(_ method: String, session: String, after: Int = 0, timeout: Double = 20) async throws -> [String: Any] {
        let event = try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Message, any Error>) in
            lock.withLock {
                if let found = (events[session] ?? []).dropFirst(after).first(where: { $0["method"] as? String == method }) {
                    continuation.resume(returning: Message(body: found))
                } else if let closed {
                    continuation.resume(throwing: closed)
                } else {
                    eventWaiters.append(EventWaiter(method: method, session: session, deadline: Date().addingTimeInterval(timeout),
                                                    continuation: continuation))
                }
            }
        }
        return event.body["params"] as? [String: Any] ?? [:]
    }

    /// How many events `session` has received so far.
    func eventCount(session: String) -> Int {
        lock.withLock { events[session]?.count ?? 0 }
    }

    /// The events `session` has received so far.
    func events(session: String) -> [[String: Any]] {
        lock.withLock { events[session] ?? [] }
    }

    /// The events `session` received, which are then forgotten.
    func takeEvents(session: String) -> [[String: Any]] {
        lock.withLock { events.removeValue(forKey: session) ?? [] }
    }

    private func send(id: Int, _ method: String, _ params: [String: Any], session: String?) throws {
        let message = try DevToolsMessages.command(id: id, method, params, session: session)
        try writing.withLock { try chromium.send(message) }
    }
}

extension DevTools {
    /// The reader thread: every message to whoever waits for it, every event kept by its
    /// session, and the commands and waits past their time failed.
    private func readReplies() {
        var messages = DevToolsMessages(limit: 256 << 20)
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            var descriptor = pollfd(fd: chromium.replies, events: Int16(POLLIN), revents: 0)
            let ready = poll(&descriptor, 1, 250)
            failOverdue()
            guard ready > 0 else { continue }
            let count = read(chromium.replies, &chunk, chunk.count)
            guard count > 0 else {
                return failAll(Failure(description: "Chromium closed its pipe"))
            }
            do {
                for message in try messages.append(chunk[..<count]) { dispatch(message) }
            } catch {
                return failAll(Failure(description: "\(error)"))
            }
        }
    }

    private func dispatch(_ message: [String: Any]) {
        if let id = message["id"] as? Int {
            lock.withLock { waiting.removeValue(forKey: id) }?.continuation.resume(returning: Message(body: message))
            return
        }
        guard let method = message["method"] as? String, let session = message["sessionId"] as? String else { return }
        let woken: [EventWaiter] = lock.withLock {
            events[session, default: []].append(message)
            let matching = eventWaiters.filter { $0.method == method && $0.session == session }
            eventWaiters.removeAll { $0.method == method && $0.session == session }
            return matching
        }
        for waiter in woken { waiter.continuation.resume(returning: Message(body: message)) }
    }

    private func failOverdue() {
        let now = Date()
        let (commands, waits): ([Waiter], [EventWaiter]) = lock.withLock {
            let late = waiting.filter { $0.value.deadline < now }
            for id in late.keys { waiting.removeValue(forKey: id) }
            let lateEvents = eventWaiters.filter { $0.deadline < now }
            eventWaiters.removeAll { $0.deadline < now }
            return (Array(late.values), lateEvents)
        }
        for waiter in commands {
            waiter.continuation.resume(throwing: Failure(description: "\(waiter.method): Chromium did not answer in time"))
        }
        for waiter in waits {
            waiter.continuation.resume(throwing: Failure(description: "no \(waiter.method) came in time"))
        }
    }

    private func failAll(_ failure: Failure) {
        let (commands, waits): ([Waiter], [EventWaiter]) = lock.withLock {
            closed = failure
            let pending = (Array(waiting.values), eventWaiters)
            waiting = [:]
            eventWaiters = []
            return pending
        }
        for waiter in commands { waiter.continuation.resume(throwing: failure) }
        for waiter in waits { waiter.continuation.resume(throwing: failure) }
    }
}

extension DevTools {
    /// The run's browser, started by the first test that asks (again if it has ended), and
    /// ended when the test run exits.
    static func shared() throws -> DevTools {
        try running.lock.withLock {
            if let browser = running.browser, browser.lock.withLock({ browser.closed == nil }) { return browser }
            guard let executable = Browser.executable else {
                throw Failure(description: "Chromium is not installed; scripts/test installs it (apt-get install chromium)")
            }
            let browser = try DevTools(executable: executable)
            if running.browser == nil { atexit { DevTools.running.lock.withLock { DevTools.running.browser?.end() } } }
            running.browser?.end()
            running.browser = browser
            return browser
        }
    }

    private final class Running: @unchecked Sendable {
        let lock = NSLock()
        var browser: DevTools?
    }

    private static let running = Running()
}
