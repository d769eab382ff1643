import ArgumentParser
import Foundation
import Report
import Sample
import Timekeeping

struct SampleCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sample",
        abstract: "Write a realistic, deterministic synthetic export.",
        discussion: "The same options always give the same bytes. Ranges of 260 days or more ending on the default date cross both DST changes of America/Chicago."
    )

    @Option(help: ArgumentHelp("How many children (1–\(SampleOptions.maximumChildren)).", valueName: "n"))
    var children = 2

    @Option(help: ArgumentHelp("How many days of data.", valueName: "n"))
    var days = 300

    @Option(help: ArgumentHelp("The seed of the random patterns.", valueName: "n"))
    var seed: UInt64 = 1

    @Option(help: ArgumentHelp("The export's date, YYYY-MM-DD (default \(SampleOptions.defaultEnd)).", valueName: "date"),
            transform: SampleCommand.date)
    var end: LocalDate = SampleOptions.defaultEnd

    @Flag(help: "Add the data problems that validation reports (overlaps, duplicates, …).")
    var messy = false

    @Option(name: [.short, .long], help: ArgumentHelp("Write to this file instead of standard output.", valueName: "file"))
    var output: String?

    func validate() throws {
        guard (1...SampleOptions.maximumChildren).contains(children) else {
            throw ValidationError("--children must be between 1 and \(SampleOptions.maximumChildren), not \(children)")
        }
        guard (1...36_500).contains(days) else {
            throw ValidationError("--days must be between 1 and 36500, not \(days)")
        }
    }

    func run() throws {
        let options = SampleOptions(children: children, days: days, seed: seed, end: end, messy: messy)
        do {
            let data = try Report.sample(options)
            if let output {
                try Report.writeFile(data, to: output)
            } else {
                FileHandle.standardOutput.write(data)
            }
        } catch {
            throw fail(error)
        }
    }

    static func date(_ text: String) throws -> LocalDate {
        guard let date = LocalDate(text) else {
            throw ValidationError("'\(text)' is not a date; use YYYY-MM-DD, e.g. 2026-11-21")
        }
        return date
    }
}
