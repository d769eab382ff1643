import Foundation
import Report
import Export
import Servers
import Timekeeping

/// A progress line on standard error, drawn only when standard error is a terminal (a cron
/// job's mail or a log file never sees it). Any thread may update it; it redraws at most
/// ten times a second, and it is cleared before a message or the summary is printed.
final class StatusLine: @unchecked Sendable {
    private let enabled: Bool
    private let lock = NSLock()
    private var lastDrawn: ContinuousClock.Instant?
    private var showing = false

    init(enabled: Bool = true) {
        self.enabled = enabled && isatty(STDERR_FILENO) == 1
    }

    /// Shows where a build is.
    func show(_ progress: BuildProgress) {
        switch progress {
        case .fetching(let fetched):
            show(StatusLine.text(fetched))
        case .reading(let source):
            show("Reading \(source)…", now: true)
        case .pages(let done, let total):
            show("Making pages \(StatusLine.bar(done, of: total)) \(Count.grouped(done)) of \(Count.grouped(total))", now: done == 0)
        case .writing(let files, let folder):
            show("Writing \(Count.grouped(files)) files to \(folder)…", now: true)
        case .printing:
            show("Printing visit.pdf with Chromium…", now: true)
        }
    }

    /// Shows what has arrived from the server.
    func show(_ progress: ServerClient.Progress) {
        show(StatusLine.text(progress))
    }

    /// Prints `diagnostic` on its own line, below no half-drawn progress.
    func report(_ diagnostic: Diagnostic) {
        lock.withLock {
            erase()
            var standardError = StandardError()
            print(diagnostic, to: &standardError)
        }
    }

    /// Takes the line away, before the summary or an error.
    func clear() {
        lock.withLock { erase() }
    }

    /// Draws `text`, worded only when it is drawn (a build reports every page).
    private func show(_ text: @autoclosure () -> String, now: Bool = false) {
        guard enabled else { return }
        lock.withLock {
            let clock = ContinuousClock()
            if !now, let lastDrawn, clock.now - lastDrawn < .milliseconds(100) { return }
            lastDrawn = clock.now
            showing = true
            FileHandle.standardError.write(Data(("\r\u{1B}[K" + text()).utf8))
        }
    }

    /// Clears the line; the caller holds the lock.
    private func erase() {
        guard showing else { return }
        showing = false
        FileHandle.standardError.write(Data("\r\u{1B}[K".utf8))
    }

    /// `[██████░░░░░░░░░░░░░░]`, twenty cells wide.
    static func bar(_ done: Int, of total: Int) -> String {
        let cells = 20
        let filled = total == 0 ? cells : min(cells, done * cells / total)
        return "[" + String(repeating: "█", count: filled) + String(repeating: "░", count: cells - filled) + "]"
    }

    static func text(_ progress: ServerClient.Progress) -> String {
        "Fetching \(TerminalText.safe(progress.child)) (\(progress.childIndex + 1) of \(progress.children)): "
            + "\(progress.pages) \(progress.pages == 1 ? "page" : "pages"), \(Count.grouped(progress.events)) events"
    }
}
