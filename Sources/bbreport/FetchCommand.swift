import ArgumentParser
import Report
import Timekeeping

struct FetchCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "fetch",
        abstract: "Save the server's data as an export file, for builds that run offline.",
        discussion: "The token comes from BBREPORT_TOKEN or --token-file, never from the command line. The file is written only when everything was fetched."
    )

    @OptionGroup var server: ServerFlags

    @Option(name: [.short, .long], help: ArgumentHelp("The export file to write.", valueName: "file"))
    var output: String

    @Option(help: ArgumentHelp("The family's IANA time zone, written into the file (Baby Buddy keeps none), e.g. America/Chicago.", valueName: "zone"),
            transform: SettingsFlags.zone)
    var timezone: Zone?

    func validate() throws {
        guard server.server != nil else { throw ValidationError("--server is required: the address of the Baby Basics or Baby Buddy server") }
    }

    func run() async throws {
        let line = StatusLine()
        do {
            var options = server.options()!
            if let timezone { options.zone = timezone }
            let summary = try await Report.fetch(options, to: output, progress: line.show, warn: line.report)
            line.clear()
            print(summary.line)
        } catch {
            line.clear()
            throw fail(error)
        }
    }
}
