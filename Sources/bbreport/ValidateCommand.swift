import ArgumentParser
import Importers
import Report
import Timekeeping

struct ValidateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "validate",
        abstract: "Check an export file (or another app's export) and list every problem in it.",
        discussion: "Exits 0 when the file can be built (warnings only) and 65 when it cannot."
    )

    @Argument(help: ArgumentHelp("A Baby Basics export file (JSON), or with --source an app's export files.", valueName: "file"))
    var files: [String]

    @Option(help: ArgumentHelp("The app whose export the files are (\(ImportKind.allCases.map(\.rawValue).joined(separator: ", "))).", valueName: "kind"),
            transform: { text in
                guard let kind = ImportKind(rawValue: text.lowercased()) else {
                    throw ValidationError("'\(text)' is not an app bbreport reads; use one of \(ImportKind.allCases.map(\.rawValue).joined(separator: ", "))")
                }
                return kind
            })
    var source: ImportKind?

    @Option(help: ArgumentHelp("With --source: the IANA time zone the times were written in.", valueName: "zone"), transform: SettingsFlags.zone)
    var timezone: Zone?

    @Option(help: ArgumentHelp("With --source: the child's name, for an export of one child; or the one child to keep from a file of several.", valueName: "name"))
    var child: String?

    @Option(help: ArgumentHelp("With --source: the child's date of birth, YYYY-MM-DD.", valueName: "date"), transform: SampleCommand.date)
    var birthday: LocalDate?

    func validate() throws {
        if source == nil && files.count != 1 {
            throw ValidationError("give one export file; several files are read only with --source and the app's name")
        }
        if source != nil && timezone == nil {
            throw ValidationError("--timezone is required with --source: the app's times carry no zone")
        }
    }

    func run() throws {
        let name = files.joined(separator: ", ")
        do throws(Diagnostic) {
            let other = source == nil ? Report.otherApp(files[0]) : nil
            if let other, timezone == nil { throw Report.otherAppWithoutZone(files[0], app: other, command: "validate") }
            let warnings = if let timezone, source != nil || other != nil {
                try Report.validate(ImportOptions(kind: source, files: files, zone: timezone, child: child, birthday: birthday))
            } else {
                try Report.validate(path: files[0])
            }
            warnings.forEach(report)
            let count = warnings.filter { $0.severity == .warning }.count
            print(count == 0
                ? "\(name): no problems found"
                : "\(name): \(count) \(count == 1 ? "warning" : "warnings"); the \(files.count == 1 ? "file" : "files") can be built")
        } catch {
            throw fail(error)
        }
    }
}
