import ArgumentParser
import Foundation
import Report
import Serve

struct ServeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Build, serve the archive on this computer, and rebuild and reload pages when the input or a template changes.",
        discussion: """
        Serves the output folder on http://127.0.0.1:8080/ and watches the export file, the --config file and the \
        --templates folder. Open pages reload after each rebuild; a failed rebuild shows its error over the last good \
        archive, which keeps being served. The reload script is added only to the pages as they are served, never to \
        the files of the archive. visit.pdf is not printed while serving. Ctrl-C stops.
        """
    )

    // The options `build` shares (``BuildFlags``), each group declared here.
    @Argument(help: BuildFlags.filesHelp) var files: [String] = []
    @Option(help: BuildFlags.configHelp) var config: String?
    @OptionGroup(title: "Your data") var settings: SettingsFlags
    @OptionGroup(title: "What to build") var selection: SelectionFlags
    @OptionGroup(title: "Look") var look: ThemeFlags
    @OptionGroup(title: "Printing") var printing: PrintingFlags
    @OptionGroup(title: "Server") var source: ServerFlags
    @OptionGroup(title: "Output") var writing: OutputFlags
    @OptionGroup(title: "Morning message") var message: NotifyFlags

    var flags: BuildFlags {
        BuildFlags(files: files, config: config, settings: settings, selection: selection, look: look, printing: printing,
                   source: source, writing: writing, message: message)
    }

    @Option(help: ArgumentHelp("The port to listen on (default 8080; 0 picks a free one).", valueName: "number"))
    var port: Int?

    @Option(help: ArgumentHelp("The address to listen on (default 127.0.0.1: this computer only).", valueName: "address"))
    var host: String?

    @Flag(name: [.short, .long], help: "Print only errors.")
    var quiet = false

    func validate() throws {
        try flags.validate()
        if flags.message.url != nil || flags.message.format != nil || flags.message.tokenFile != nil {
            throw ValidationError("--notify and its options are for bbreport build: serve sends no morning message")
        }
    }

    func run() async throws {
        let flags = self.flags
        let quiet = self.quiet
        do {
            let config = try flags.loadConfig()
            let session = try ServeSession(host: host ?? config.host ?? "127.0.0.1", port: port ?? config.port ?? 8080,
                                           alsoWatch: flags.config.map { [$0] } ?? []) { () throws(Diagnostic) in
                // Read again before every build: a saved configuration file takes effect.
                try flags.options(config: try flags.loadConfig())
            }
            if (try? flags.options(config: config))?.input == .bundledSample, !quiet {
                report(BuildOptions.bundledSampleNote)
            }
            try await session.run { event in Self.show(event, quiet: quiet) }
        } catch {
            throw fail(error)
        }
    }

    private static func show(_ event: ServeEvent, quiet: Bool) {
        switch event {
        case let .listening(url, output, exposed):
            if exposed {
                report(Diagnostic(.warning, "serving to every network this computer is on: anyone who can reach it can read the archive",
                                  hint: "leave out --host to serve to this computer only"))
            }
            if !quiet { say("Serving \(output.hasSuffix("/") ? output : output + "/") at \(url) (Ctrl-C stops)") }
        case let .built(summary, cause, reloaded):
            guard !quiet else { return }
            let pages = reloaded == 0 ? "" : " (reloaded \(reloaded) \(reloaded == 1 ? "page" : "pages"))"
            say(changed(cause) + summary.line + pages)
        case let .failed(diagnostic, cause, archiveShown):
            if !cause.isEmpty, !quiet { say(changed(cause).dropLast(2) + ".") }
            report(diagnostic)
            report(Diagnostic(.note, archiveShown ? "the last good archive is still served, with this error over it; save a fix to rebuild"
                                                  : "the browser shows this error until a fix is saved"))
        case let .warnings(warnings):
            if !quiet { warnings.forEach(report) }
        case .stopping:
            if !quiet { say("Stopped.") }
        }
    }

    /// `templates/day.mustache changed: ` or `export.json and 2 more files changed: `.
    private static func changed(_ files: [String]) -> String {
        guard let first = files.first else { return "" }
        let more = files.count - 1
        return more == 0 ? "\(first) changed: " : "\(first) and \(more) more \(more == 1 ? "file" : "files") changed: "
    }
}

/// Prints `line` on standard output at once, unbuffered: `serve` runs for hours, and each
/// line must reach a pipe (an editor's terminal pane, a log) when it happens.
private func say(_ line: some StringProtocol) {
    FileHandle.standardOutput.write(Data((line + "\n").utf8))
}
