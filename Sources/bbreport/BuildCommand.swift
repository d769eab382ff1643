import ArgumentParser
import Speed
import Report
import Timekeeping

struct BuildCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "build",
        abstract: "Build the archive from an export file, the server, or the bundled sample.",
        discussion: """
        With no FILE and no --server, builds the bundled sample data. The output folder is replaced atomically: \
        if anything fails, the previous archive stays as it was. Flags win over the --config file, which wins \
        over the export's own settings.
        """
    )

    // The options `serve` shares (``BuildFlags``), each group declared here.
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

    @Flag(name: [.short, .long], help: "Print only errors.")
    var quiet = false

    @Flag(name: [.short, .long], help: "Also print every warning in full and how long each stage took.")
    var verbose = false

    @Flag(help: ArgumentHelp("Build only if tonight's build is not made yet: from the configuration's nightly_at (default 02:15) in its time zone, once a night; for a timer that runs often."))
    var nightly = false

    func validate() throws {
        try flags.validate()
    }

    func run() async throws {
        let options: BuildOptions
        let config: BuildConfig
        do {
            config = try flags.loadConfig()
            options = try flags.options(config: config)
        } catch {
            throw fail(error)
        }
        guard nightly else { return try await Self.build(options, quiet: quiet, verbose: verbose) }
        let schedule = NightlySchedule(time: config.nightlyAt, zone: config.timezone ?? .current, output: options.output)
        let now = Instant.now
        guard schedule.isDue(now: now) else {
            if !quiet { report(Diagnostic(.note, "tonight's build of \(options.output) is made; the next is due at \(schedule.time) (\(schedule.zone))")) }
            return
        }
        try await Self.build(options, quiet: quiet, verbose: verbose)
        do {
            try schedule.recordBuild(at: now)
        } catch {
            report(error)
        }
    }

    /// Builds as `options` say, printing what `build` prints: progress and warnings unless
    /// `quiet`, the summary line, and with `verbose` every warning and each stage's time.
    static func build(_ options: BuildOptions, quiet: Bool, verbose: Bool) async throws {
        let status = StatusLine(enabled: !quiet)
        do {
            var options = options
            options.everyWarning = verbose
            options.leavesMemoryToExit = SpeedMechanism.leftovers.isOn
            if options.input == .bundledSample, !quiet {
                report(BuildOptions.bundledSampleNote)
            }
            let notifyToken = try options.notify.map { notify throws(Diagnostic) in try Report.notifyToken(notify) }
            let summary = try await Report.build(options, progress: status.show) { warning in
                if !quiet { status.report(warning) }
            }
            status.clear()
            if !quiet { print(summary.line) }
            if let digest = summary.digest, let notify = options.notify {
                // Said even with --quiet: the family asked for the message and would not learn it never came.
                await Report.notify(digest, options: notify, token: notifyToken ?? nil, warn: report)
            }
            if verbose {
                if let shared = summary.sharedEvents, shared.shared > 0 {
                    let rest = shared.readBack == shared.shared ? "were read back as decoded then; only the rest were checked and decoded"
                        : "only the rest were checked again"
                    report(Diagnostic(.note, "the export's first \(Count.grouped(shared.shared)) of \(Count.grouped(shared.of)) events are the previous build's, byte for byte, and \(rest)"))
                }
                // In tenths of a millisecond: a nightly build's stages take a few each.
                for (stage, seconds) in summary.phases {
                    report(Diagnostic(.note, "\(stage): \(String(format: "%.1f", seconds * 1000)) ms"))
                }
            }
        } catch {
            status.clear()
            throw fail(error)
        }
    }
}
