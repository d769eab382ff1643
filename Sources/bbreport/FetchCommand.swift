import ArgumentParser
import Report

struct FetchCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "fetch",
        abstract: "Save the server's data as an export file, for builds that run offline.",
        discussion: "The token comes from BBREPORT_TOKEN or --token-file, never from the command line. The file is written only when everything was fetched."
    )

    @OptionGroup var server: ServerFlags

    @Option(name: [.short, .long], help: ArgumentHelp("The export file to write.", valueName: "file"))
    var output: String

    func validate() throws {
        guard server.server != nil else { throw ValidationError("--server is required: the address of the Baby Basics server") }
    }

    func run() async throws {
        let line = StatusLine()
        do {
            let summary = try await Report.fetch(server.options()!, to: output, progress: line.show)
            line.clear()
            print(summary.line)
        } catch {
            line.clear()
            throw fail(error)
        }
    }
}
