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
    private let pid: pid_t
    private let commands: Int32
    private let replies: Int32
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
        var toChrome: [Int32] = [0, 0]
        var fromChrome: [Int32] = [0, 0]
        guard pipe(&toChrome) == 0, pipe(&fromChrome) == 0 else { throw Failure(description: "pipe() failed") }
        // Move our ends out of the way of 3 and 4, which the child must receive.
        let childRead = fcntl(toChrome[0], F_DUPFD, 10)
        let childWrite = fcntl(fromChrome[1], F_DUPFD, 10)
        commands = fcntl(toChrome[1], F_DUPFD_CLOEXEC, 10)
        replies = fcntl(fromChrome[0], F_DUPFD_CLOEXEC, 10)
        for fd in toChrome + fromChrome { close(fd) }

        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, childRead, 3)
        posix_spawn_file_actions_adddup2(&actions, childWrite, 4)
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        // Tabs side by side each run as if in front (no throttled timers in the others), and
        // none of a desktop browser's own background work.
        let arguments = [executable, "--headless", "--no-sandbox", "--disable-gpu", "--remote-debugging-pipe",
                         "--disable-background-timer-throttling", "--disable-renderer-backgrounding",
                         "--disable-backgrounding-occluded-windows", "--disable-background-networking",
                         "--disable-component-update", "--disable-extensions", "--disable-sync", "--no-first-run",
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
        var child: pid_t = 0
        let status = posix_spawn(&child, executable, &actions, &attributes, &argv, &envp)
        pid = child
        close(childRead)
        close(childWrite)
        guard status == 0 else {
            try? FileManager.default.removeItem(at: temporary)
            throw Failure(description: "could not start \(executable): \(String(cString: strerror(status)))")
        }
        let reader = Thread { [self] in readReplies() }
        reader.name = "DevTools replies"
        reader.start()
    }

    /// Ends Chromium and its helpers and removes its folders.
    private func end() {
        kill(-pid, SIGKILL)
        var status: Int32 = 0
        waitpid(pid, &status, 0)
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
        var message: [String: Any] = ["id": id, "method": method, "params": params]
        if let session { message["sessionId"] = session }
        var data = try JSONSerialization.data(withJSONObject: message)
        data.append(0)
        try writing.withLock {
            try data.withUnsafeBytes { bytes in
                var offset = 0
                while offset < bytes.count {
                    let written = write(commands, bytes.baseAddress! + offset, bytes.count - offset)
                    guard written > 0 else { throw Failure(description: "Chromium closed its pipe") }
                    offset += written
                }
            }
        }
    }
}

extension DevTools {
    /// The reader thread: every message to whoever waits for it, every event kept by its
    /// session, and the commands and waits past their time failed.
    private func readReplies() {
        var buffer: [UInt8] = []
        var scanned = 0
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            var descriptor = pollfd(fd: replies, events: Int16(POLLIN), revents: 0)
            let ready = poll(&descriptor, 1, 250)
            failOverdue()
            guard ready > 0 else { continue }
            let count = read(replies, &chunk, chunk.count)
            guard count > 0 else {
                return failAll(Failure(description: "Chromium closed its pipe"))
            }
            buffer += chunk[..<count]
            while let end = buffer[scanned...].firstIndex(of: 0) {
                let object = try? JSONSerialization.jsonObject(with: Data(buffer[..<end]))
                buffer.removeSubrange(...end)
                scanned = 0
                if let message = object as? [String: Any] { dispatch(message) }
            }
            scanned = buffer.count
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
