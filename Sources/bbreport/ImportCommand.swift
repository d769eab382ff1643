import ArgumentParser
import Foundation
import Importers
import Export
import Report
import Timekeeping

struct ImportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Turn another app's export (\(ImportKind.allCases.map(\.appName).joined(separator: ", "))) into a Baby Basics export file.",
        discussion: "The apps write local clock times without a zone: --timezone says where they were. A cell that cannot be read is a warning with its place, and only its value (or row) is left out; the import ends with what became of each kind of row."
    )

    @Argument(help: ArgumentHelp("The app (\(ImportKind.allCases.map(\.rawValue).joined(separator: ", "))), then its files (a folder for Feed Baby, the .db backup for Baby Daybook); leave the app out to tell it from the files.",
                                 valueName: "kind-or-file"))
    var arguments: [String]

    @Option(help: ArgumentHelp("The family's IANA time zone, where the times were written, e.g. America/Chicago.", valueName: "zone"),
            transform: SettingsFlags.zone)
    var timezone: Zone

    @Option(help: ArgumentHelp("The child's name, for an export of one child that does not name them; or the one child to keep from a file of several.", valueName: "name"))
    var child: String?

    @Option(help: ArgumentHelp("The child's date of birth, YYYY-MM-DD.", valueName: "date"), transform: SampleCommand.date)
    var birthday: LocalDate?

    @Option(help: ArgumentHelp("The child's sex for the WHO percentiles: female or male.", valueName: "sex"), transform: SelectionFlags.sex)
    var sex: ChildSex?

    @Option(name: [.short, .long], help: ArgumentHelp("The export file to write.", valueName: "file"))
    var output: String

    func run() throws {
        let kind = arguments.first.flatMap { ImportKind(rawValue: $0.lowercased()) }
        let files = kind == nil ? arguments : Array(arguments.dropFirst())
        if kind == nil, let first = arguments.first, arguments.count > 1, !first.contains("."), !FileManager.default.fileExists(atPath: first) {
            throw fail(Diagnostic(.error, "'\(first)' is not an app bbreport reads",
                                  hint: "use one of \(ImportKind.allCases.map(\.rawValue).joined(separator: ", ")), or leave it out to tell the app from the file",
                                  exitStatus: ExitStatus.usage))
        }
        guard !files.isEmpty else {
            throw fail(Diagnostic(.error, "no file given", hint: "bbreport import huckleberry huckleberry.csv --timezone America/Chicago --child Ava -o export.json",
                                  exitStatus: ExitStatus.usage))
        }
        do {
            let inputs = try Report.expandedFolders(files)
            try Report.checkReplaceable(output, inputs: inputs)
            let options = ImportOptions(kind: kind, files: files, zone: timezone, child: child, birthday: birthday, sex: sex)
            let imported = try Report.importFiles(options, to: output, inputs: inputs, warn: report)
            print("Imported \(imported.children) \(imported.children == 1 ? "child" : "children") and \(imported.events) \(imported.events == 1 ? "event" : "events") from \(files.count == 1 ? files[0] : "\(files.count) files") (\(imported.kind.appName)) → \(output)")
            print(imported.summary.joined(separator: "\n"))
        } catch {
            throw fail(error)
        }
    }
}
