import Foundation
import Report
import Synchronization

/// What `serve` tells the person at the terminal, as it happens.
public enum ServeEvent: Sendable {
    /// Listening at `url`; `exposed` when other machines can connect.
    case listening(url: String, output: String, exposed: Bool)
    /// A build finished; `cause` lists the files whose change started it (none for the first).
    case built(BuildSummary, cause: [String], reloaded: Int)
    /// A build failed; the error is shown over the previous archive when there is one
    /// (`archiveShown`), else as the page itself.
    case failed(Diagnostic, cause: [String], archiveShown: Bool)
    /// A build's warnings, when they differ from the previous build's.
    case warnings([Diagnostic])
    /// Ctrl-C was pressed; the server is closing.
    case stopping
}

/// `bbreport serve`: builds, serves the archive folder over HTTP, watches what the build
/// reads and rebuilds on change, telling open pages to reload. A failed rebuild leaves the
/// last good archive served, with the error shown over it.
public final class ServeSession: Sendable {
    private let address: ServeAddress
    private let alsoWatch: [String]
    private let makeOptions: @Sendable () throws(Diagnostic) -> BuildOptions
    private let state = ServeState()
    private let channel = ReloadChannel()
    /// How often the watched files are looked at.
    private let interval: Duration = .milliseconds(100)

    /// `options` is asked again before every build, so a changed configuration file takes
    /// effect; `alsoWatch` names files besides the input and templates (the configuration).
    /// Throws when `host` is not an IP address or `port` is not a port number.
    public init(host: String, port: Int, alsoWatch: [String], options: @escaping @Sendable () throws(Diagnostic) -> BuildOptions) throws(Diagnostic) {
        address = try ServeAddress(host: host, port: port)
        self.alsoWatch = alsoWatch
        self.makeOptions = options
    }

    /// Serves until Ctrl-C or SIGTERM. Throws when serving cannot start, or when the first
    /// build fails for a reason other than bad data (a missing file, a refused folder): there
    /// is nothing to watch for then. Bad data or a broken template is shown in the browser.
    public func run(report: @escaping @Sendable (ServeEvent) -> Void) async throws(Diagnostic) {
        let stop = StopSignal()
        let first = try makeOptions()
        let output = first.output
        let handler = ArchiveHandler(root: output, state: state)
        let server = LocalServer(address: address, socketPath: ServeAssets.socketPath, handler: handler.reply) { [channel] socket in
            channel.add(socket)
            socket.readUntilClosed()
            channel.remove(socket)
        }
        let port = try server.start()

        var watch = Watch(also: alsoWatch)
        let firstBuild = await build(first, output: output, watch: &watch)
        if case .failure(let failure) = firstBuild, failure.exitStatus != ExitStatus.badData {
            server.stop()
            throw failure
        }
        report(.listening(url: address.url(port: port), output: output, exposed: !address.isLoopback))
        publish(firstBuild, cause: [], output: output, watch: &watch, report: report)

        await withTaskGroup(of: Void.self) { [watch] group in
            group.addTask { await self.rebuildOnChange(output: output, watch: watch, report: report) }
            await stop.wait()
            report(.stopping)
            group.cancelAll()
            // A build in progress runs to its end (its staging folder is swapped in or removed).
            await group.waitForAll()
        }
        channel.closeAll()
        server.stop()
    }

    /// What is watched, what it looked like before the last build, and that build's warnings.
    private struct Watch {
        let also: [String]
        var files: WatchedFiles
        var stamps: [String: WatchedFiles.Stamp] = [:]
        var warnings: [String] = []

        init(also: [String]) {
            self.also = also
            files = WatchedFiles(paths: also)
        }

        /// Watches what a build with `options` reads, as it is now.
        mutating func start(for options: BuildOptions) {
            var paths = also
            if case .file(let path) = options.input { paths.append(path) }
            // A folder given (a Feed Baby export) is watched file by file, and as a folder for files added.
            if case .imported(let imported) = options.input { paths += imported.files + ((try? Report.expandedFolders(imported.files)) ?? []) }
            if let templates = options.templates { paths.append(templates) }
            files = WatchedFiles(paths: paths)
            stamps = files.stamps()
        }

        /// Waits for watched files to change and returns them; none once cancelled. A save
        /// is often several writes (truncate, then write, then rename): the change is
        /// returned once one more look finds nothing new, so a build never reads half a
        /// file; a file that keeps changing is built anyway after `settleLooks` looks.
        mutating func nextChange(every interval: Duration, settleLooks: Int = 20) async -> [String] {
            var changed: Set<String> = []
            var looks = 0
            while true {
                do {
                    try await Task.sleep(for: interval)
                } catch {
                    return []
                }
                let now = files.stamps()
                let new = WatchedFiles.changes(from: stamps, to: now)
                stamps = now
                if !new.isEmpty {
                    changed.formUnion(new)
                    looks += 1
                    if looks < settleLooks { continue }
                }
                if !changed.isEmpty { return changed.sorted() }
            }
        }
    }

    /// Rebuilds whenever a watched file changes, until cancelled.
    private func rebuildOnChange(output: String, watch: Watch, report: @escaping @Sendable (ServeEvent) -> Void) async {
        var watch = watch
        while true {
            let cause = await watch.nextChange(every: interval)
            guard !cause.isEmpty else { return }
            var options: BuildOptions?
            do throws(Diagnostic) {
                options = try makeOptions()
            } catch {
                publish(.failure(error), cause: cause, output: output, watch: &watch, report: report)
                continue
            }
            let result = await build(options!, output: output, watch: &watch)
            publish(result, cause: cause, output: output, watch: &watch, report: report)
        }
    }

    /// Builds the archive with `options` and the warnings it gave.
    private func build(_ options: BuildOptions, output: String, watch: inout Watch) async -> Result<(BuildSummary, [Diagnostic]), Diagnostic> {
        var options = options
        watch.start(for: options)
        guard options.output == output else {
            return .failure(Diagnostic(.error, "the output folder changed to \(options.output); serve keeps serving \(output)",
                                       hint: "stop serve with Ctrl-C and start it again to serve the new folder", exitStatus: ExitStatus.usage))
        }
        // PDFs are for the nightly build: printing them at every save would make each reload seconds slower.
        options.pdf = false
        let warnings = Mutex<[Diagnostic]>([])
        do throws(Diagnostic) {
            let summary = try await Report.build(options) { warning in warnings.withLock { $0.append(warning) } }
            return .success((summary, warnings.withLock { $0 }))
        } catch {
            return .failure(error)
        }
    }

    /// Tells open pages and the terminal what a build did.
    private func publish(_ result: Result<(BuildSummary, [Diagnostic]), Diagnostic>, cause: [String], output: String,
                         watch: inout Watch, report: @Sendable (ServeEvent) -> Void) {
        switch result {
        case .success(let (summary, warnings)):
            if warnings.map(\.description) != watch.warnings {
                watch.warnings = warnings.map(\.description)
                if !warnings.isEmpty { report(.warnings(warnings)) }
            }
            let reloaded = state.succeeded(changed: summary.upToDate ? 0 : (summary.changed ?? 1) + summary.removed).map { channel.announce($0) } ?? 0
            report(.built(summary, cause: cause, reloaded: reloaded))
        case .failure(let failure):
            if let generation = state.failed(failure) { channel.announce(generation) }
            report(.failed(failure, cause: cause, archiveShown: ServedPath.resolve("/", in: output) != .missing))
        }
    }
}
