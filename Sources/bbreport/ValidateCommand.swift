import ArgumentParser
import Report

struct ValidateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "validate",
        abstract: "Check an export file and list every problem in it.",
        discussion: "Exits 0 when the file can be built (warnings only) and 65 when it cannot."
    )

    @Argument(help: ArgumentHelp("A Baby Basics export file (JSON).", valueName: "file"))
    var file: String

    func run() throws {
        do {
            let warnings = try Report.validate(path: file)
            warnings.forEach(report)
            print(warnings.isEmpty
                ? "\(file): no problems found"
                : "\(file): \(warnings.count) \(warnings.count == 1 ? "warning" : "warnings"); the file can be built")
        } catch {
            throw fail(error)
        }
    }
}
