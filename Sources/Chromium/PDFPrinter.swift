import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Prints pages to PDF one after another in one headless Chromium, as its `--print-to-pdf`
/// does (the paper the page's CSS names, backgrounds printed, no header or footer), without
/// starting a Chromium for each. Every wait is bounded: a Chromium that stops answering is
/// a failure of the page being printed, not a build that never ends. One caller at a time.
public final class PDFPrinter: @unchecked Sendable {
    /// The longest message taken from Chromium: a printed PDF, in base64.
    public static let messageLimit = 256 << 20

    /// The Chromium executable, to start another like it.
    public let executable: String
    private let chromium: ChromiumProcess
    private let profile: URL
    private var messages = DevToolsMessages(limit: PDFPrinter.messageLimit)
    private var unread: [[String: Any]] = []
    /// Whether the page being printed has fired its load event.
    private var loaded = false
    private var nextID = 0
    private var session = ""
    private var closed = false
    private var chunk = [UInt8](repeating: 0, count: 1 << 16)

    /// Starts `executable` and opens the tab pages are printed in, waiting at most
    /// `timeout` seconds for it.
    public init(executable: String, timeout: Double = 30) throws {
        self.executable = executable
        profile = FileManager.default.temporaryDirectory.appendingPathComponent("bbreport-pdf-\(UUID().uuidString)")
        let arguments = ["--headless", "--disable-gpu", "--remote-debugging-pipe", "--user-data-dir=\(profile.path)", "--no-first-run",
                         "--disable-extensions", "--disable-background-networking", "--disable-component-update", "--disable-sync",
                         "about:blank"] + (getuid() == 0 ? ["--no-sandbox"] : [])
        chromium = try ChromiumProcess(executable: executable, arguments: arguments, environment: ProcessInfo.processInfo.environment)
        do {
            let deadline = Date().addingTimeInterval(timeout)
            let target = try call("Target.createTarget", ["url": "about:blank"], deadline: deadline)
            guard let id = target["targetId"] as? String else { throw ChromiumProcess.Failure("Chromium opened no tab") }
            let attached = try call("Target.attachToTarget", ["targetId": id, "flatten": true], deadline: deadline)
            guard let session = attached["sessionId"] as? String else { throw ChromiumProcess.Failure("Chromium gave no session") }
            self.session = session
            try call("Page.enable", session: session, deadline: deadline)
        } catch {
            chromium.end(grace: 0)
            try? FileManager.default.removeItem(at: profile)
            throw error
        }
    }

    /// Prints the page at `page` (a file) to `pdf`, waiting at most `timeout` seconds.
    public func print(_ page: URL, to pdf: URL, timeout: Double = 60) throws {
        let deadline = Date().addingTimeInterval(timeout)
        loaded = false
        let navigation = try call("Page.navigate", ["url": page.absoluteString], session: session, deadline: deadline)
        if let failure = navigation["errorText"] as? String { throw ChromiumProcess.Failure("it could not be opened: \(failure)") }
        while !loaded { try take(next(before: deadline)) }
        let printed = try call("Page.printToPDF", ["printBackground": true, "preferCSSPageSize": true, "displayHeaderFooter": false],
                               session: session, deadline: deadline)
        guard let data = (printed["data"] as? String).flatMap({ Data(base64Encoded: $0) }), !data.isEmpty else {
            throw ChromiumProcess.Failure("Chromium printed nothing")
        }
        try data.write(to: pdf, options: .atomic)
    }

    /// Ends Chromium (asked to close, then made to within 5 seconds) and removes its
    /// profile; once is enough, and again does nothing.
    public func close() {
        guard !closed else { return }
        closed = true
        try? chromium.send(DevToolsMessages.command(id: 0, "Browser.close", [:], session: nil))
        chromium.end(grace: 5)
        try? FileManager.default.removeItem(at: profile)
    }

    /// Sends a command and reads until its reply; events meanwhile are noted.
    @discardableResult
    private func call(_ method: String, _ params: [String: Any] = [:], session: String? = nil, deadline: Date) throws -> [String: Any] {
        nextID += 1
        let id = nextID
        try chromium.send(DevToolsMessages.command(id: id, method, params, session: session))
        while true {
            let message = try next(before: deadline)
            guard message["id"] as? Int == id else {
                take(message)
                continue
            }
            if let error = message["error"] as? [String: Any] {
                throw ChromiumProcess.Failure("\(method): \(error["message"] ?? error)")
            }
            return message["result"] as? [String: Any] ?? [:]
        }
    }

    /// Notes the printing tab's load event.
    private func take(_ message: [String: Any]) {
        if message["sessionId"] as? String == session, message["method"] as? String == "Page.loadEventFired" { loaded = true }
    }

    /// The next message from Chromium, read before `deadline`.
    private func next(before deadline: Date) throws -> [String: Any] {
        while unread.isEmpty {
            let left = deadline.timeIntervalSinceNow
            guard left > 0 else { throw ChromiumProcess.Failure("Chromium did not answer in time") }
            var descriptor = pollfd(fd: chromium.replies, events: Int16(POLLIN), revents: 0)
            let ready = poll(&descriptor, 1, Int32(min(left, 1) * 1000) + 1)
            guard ready > 0 else { continue }
            let count = read(chromium.replies, &chunk, chunk.count)
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { throw ChromiumProcess.Failure("Chromium ended") }
            unread += try messages.append(chunk[..<count])
        }
        return unread.removeFirst()
    }
}
