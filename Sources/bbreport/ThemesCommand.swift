import ArgumentParser
import Report

struct ThemesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "themes",
        abstract: "List the palettes and category colour strategies with their contrast ratios."
    )

    func run() {
        print(Report.themesTable(), terminator: "")
    }
}
