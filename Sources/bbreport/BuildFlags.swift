import ArgumentParser
import Dataset
import Importers
import Export
import Report
import Theme
import Timekeeping

/// The options common to `build` and `serve`: what to build from, where, and how, in the
/// groups `help build` shows them in. Each command declares them itself and makes this of
/// them: as one group of groups, a debug build's argument parser checked every group's
/// definition over and over, and parsing a `build` line cost more than most builds of the
/// test suite (a release build checks nothing and is quick either way).
struct BuildFlags {
    var files: [String]
    var config: String?
    var settings: SettingsFlags
    var selection: SelectionFlags
    var look: ThemeFlags
    var printing: PrintingFlags
    var source: ServerFlags
    var writing: OutputFlags
    var message: NotifyFlags

    /// The help of the export files and of `--config`, for the commands' declarations.
    static let filesHelp = ArgumentHelp("A Baby Basics export file (JSON), another app's export (with --timezone), or with --source an app's export files.",
                                        valueName: "file")
    static let configHelp = ArgumentHelp("A YAML file with any of these options; see docs/configuration.md.", valueName: "file")

    var output: String? { writing.output }
    var children: [String] { selection.children }
    var birthday: LocalDate? { selection.birthday }
    var from: LocalDate? { selection.from }
    var to: LocalDate? { selection.to }
    var visitFrom: LocalDate? { printing.visitFrom }
    var visitTo: LocalDate? { printing.visitTo }
    var paper: Paper? { printing.paper }
    var pdf: Bool? { printing.pdf }
    var diaryDays: Int? { printing.diaryDays }
    var markdown: Bool? { writing.markdown }
    var clean: Bool { writing.clean }

    func validate() throws {
        if !files.isEmpty && source.server != nil {
            throw ValidationError("give either an export file or --server, not both (read as \(files.count == 1 ? "a file" : "files"): \(files.joined(separator: " ")))")
        }
        if source.source?.app == nil && files.count > 1 {
            throw ValidationError("give one export file; several files are read only with --source and the app's name")
        }
        if source.source?.app != nil && files.isEmpty {
            throw ValidationError("--source \(source.source!.app!.rawValue) reads the app's export files: give them after it")
        }
        if let visitFrom, let visitTo, visitFrom > visitTo {
            throw ValidationError("--visit-from (\(visitFrom)) is after --visit-to (\(visitTo))")
        }
        if let from, let to, from > to {
            throw ValidationError("--from (\(from)) is after --to (\(to))")
        }
    }

    /// The input of a build from `file`: an export file, or another app's export read as
    /// one when its time zone is known (said in a note); without one, what to run instead.
    static func input(_ file: String, zone: Zone?, child: String?, birthday: LocalDate?) throws(Diagnostic) -> BuildOptions.Input {
        guard let app = Report.otherApp(file) else { return .file(file) }
        guard let zone else { throw Report.otherAppWithoutZone(file, app: app, command: "build") }
        return .imported(ImportOptions(kind: nil, files: [file], zone: zone, child: child, birthday: birthday))
    }

    /// The configuration file, when one is named.
    func loadConfig() throws(Diagnostic) -> BuildConfig {
        try config.map { path throws(Diagnostic) in try BuildConfig.load(path: path) } ?? BuildConfig()
    }

    /// The options: each flag given, else the configuration file's value, else the default;
    /// the settings the export also has a word on are decided in the build (``SettingLevels``).
    func options(config: BuildConfig) throws(Diagnostic) -> BuildOptions {
        if let from = visitFrom ?? config.visitFrom, let to = visitTo ?? config.visitTo, from > to {
            throw Diagnostic(.error, "the visit summary starts (\(from)) after it ends (\(to))", exitStatus: ExitStatus.usage)
        }
        if let from = from ?? config.from, let to = to ?? config.to, from > to {
            throw Diagnostic(.error, "the range starts (\(from)) after it ends (\(to))", exitStatus: ExitStatus.usage)
        }
        var flags = settings.level
        flags.theme = look.request
        flags.paper = paper
        let levels = SettingLevels(flags: flags, config: config.level)
        try levels.checkNaps()
        let input: BuildOptions.Input
        if let app = source.source?.app {
            guard let zone = levels.givenZone else {
                throw Diagnostic(.error, "\(app.appName)'s times carry no time zone: give --timezone (or timezone: in the configuration file)",
                                 hint: "such as --timezone America/Chicago", exitStatus: ExitStatus.usage)
            }
            input = .imported(ImportOptions(kind: app, files: files, zone: zone, child: (children.isEmpty ? config.child ?? [] : children).first,
                                            birthday: birthday))
        } else if let file = files.first {
            input = try Self.input(file, zone: levels.givenZone, child: (children.isEmpty ? config.child ?? [] : children).first,
                                   birthday: birthday)
        } else if let server = source.options(config: config, zone: levels.givenZone) {
            input = .server(server)
        } else {
            input = config.input.map { .file($0) } ?? .bundledSample
        }
        var options = BuildOptions(
            input: input, output: output ?? config.output ?? BuildOptions.defaultOutput, levels: levels,
            scheme: look.scheme ?? config.scheme ?? .auto, templates: look.templates ?? config.templates,
            visitFrom: visitFrom ?? config.visitFrom, visitTo: visitTo ?? config.visitTo, pdf: pdf ?? config.pdf ?? false
        )
        options.diaryDays = diaryDays ?? config.diaryDays ?? BuildOptions.defaultDiaryDays
        options.markdown = markdown ?? config.markdown ?? false
        options.clean = clean
        options.children = children.isEmpty ? config.child ?? [] : children
        options.from = from ?? config.from
        options.to = to ?? config.to
        options.configChildren = config.children
        options.childFacts = config.childFacts
        options.givenFacts = ChildFacts(sex: selection.sex, dateOfBirth: birthday)
        options.unitsSaidAs = settings.units != nil ? "--units" : settings.volume == nil && config.volume == nil && config.units != nil ? "units:" : nil
        options.language = try levels.languageRequest.resolve()
        if writing.encrypt ?? config.encrypt ?? false {
            options.passphrase = try Passphrase.load(file: writing.passphraseFile ?? config.passphraseFile)
        } else if writing.passphraseFile != nil {
            throw Diagnostic(.error, "--passphrase-file is the passphrase of an encrypted archive, and this build is not encrypted",
                             hint: "add --encrypt (or encrypt: true in the configuration file)", exitStatus: ExitStatus.usage)
        }
        options.notify = try message.options(config: config, retryBase: source.retryBase, timeout: source.timeout)
        return options
    }
}

/// Which children and days a build covers.
struct SelectionFlags: ParsableArguments {
    @Option(name: .customLong("child"), help: ArgumentHelp("Only this child, by name or id (repeat for more); for an app's export of one child, their name.", valueName: "name"))
    var children: [String] = []

    @Option(help: ArgumentHelp("The child's date of birth, YYYY-MM-DD (with --child NAME when the export has several).", valueName: "date"), transform: SampleCommand.date)
    var birthday: LocalDate?

    @Option(help: ArgumentHelp("The child's sex for the WHO percentiles: female or male (with --child NAME when the export has several).", valueName: "sex"),
            transform: SelectionFlags.sex)
    var sex: ChildSex?

    /// `female` or `male`, as a flag's value.
    static func sex(_ text: String) throws -> ChildSex {
        guard let sex = ChildSex(rawValue: text.lowercased()) else { throw ValidationError("'\(text)' is not a sex the WHO standards know; use female or male") }
        return sex
    }

    @Option(help: ArgumentHelp("Only days from this date on, YYYY-MM-DD.", valueName: "date"), transform: SampleCommand.date)
    var from: LocalDate?

    @Option(help: ArgumentHelp("Only days up to this date, YYYY-MM-DD.", valueName: "date"), transform: SampleCommand.date)
    var to: LocalDate?
}

/// The visit summary's range, and paper.
struct PrintingFlags: ParsableArguments {
    @Option(name: .customLong("visit-from"), help: ArgumentHelp("First day of the visit summary, YYYY-MM-DD.", valueName: "date"),
            transform: SampleCommand.date)
    var visitFrom: LocalDate?

    @Option(name: .customLong("visit-to"), help: ArgumentHelp("Last day of the visit summary, YYYY-MM-DD (default: the export's day).", valueName: "date"),
            transform: SampleCommand.date)
    var visitTo: LocalDate?

    @Option(name: .customLong("diary-days"), help: ArgumentHelp("Days in the sleep diary, 7 to 42 (default 14), ending with the visit summary's last.", valueName: "n"),
            transform: { text in
                guard let days = Int(text), BuildOptions.diaryDaysAllowed.contains(days) else {
                    throw ValidationError("'\(text)' is not a number of days for the sleep diary; use 7 to 42")
                }
                return days
            })
    var diaryDays: Int?

    @Option(help: ArgumentHelp("Paper for printing and PDFs: a4 or letter (default: letter in the Americas, a4 elsewhere).", valueName: "size"),
            transform: { text in
                guard let paper = Paper(rawValue: text.lowercased()) else { throw ValidationError("'\(text)' is not a paper size; use a4 or letter") }
                return paper
            })
    var paper: Paper?

    @Flag(inversion: .prefixedNo, help: "Also print each child's visit summary and sleep diary to visit.pdf and diary.pdf (needs Chromium).")
    var pdf: Bool?
}

/// Where the archive goes, and what is written beside the pages.
struct OutputFlags: ParsableArguments {
    @Option(name: [.short, .long], help: ArgumentHelp("The archive folder (default \(BuildOptions.defaultOutput)).", valueName: "folder"))
    var output: String?

    @Flag(inversion: .prefixedNo, help: "Also write each page's Markdown beside its HTML, to paste a day into a message.")
    var markdown: Bool?

    @Flag(help: "Make and write every page again, keeping nothing from the previous archive.")
    var clean = false

    @Flag(inversion: .prefixedNo, help: "Encrypt the archive: pages and data open only with the passphrase (docs/safety.md).")
    var encrypt: Bool?

    @Option(name: .customLong("passphrase-file"),
            help: ArgumentHelp("A file (mode 600) holding the passphrase of an encrypted archive; otherwise BBREPORT_PASSPHRASE is used.", valueName: "path"))
    var passphraseFile: String?
}
