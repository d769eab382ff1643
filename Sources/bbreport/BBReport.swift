import ArgumentParser
import Speed
import Report
import Foundation

@main
struct BBReport: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bbreport",
        abstract: "Builds a browsable, printable archive of Baby Basics data.",
        discussion: "Run `bbreport build` with no file to build the bundled sample into output/.",
        version: "0.1.0",
        subcommands: [BuildCommand.self, ServeCommand.self, FetchCommand.self, ImportCommand.self, ValidateCommand.self, SampleCommand.self, ThemesCommand.self]
    )

    static func main() async {
        // Most builds use the built-in templates: they are parsed on another core while the
        // build starts: at once for a plain nightly line (`build export.json -o archive`),
        // after the argument parser for any other.
        let arguments = CommandLine.arguments.dropFirst()
        for name in SpeedMechanism.unknownNames {
            report(Diagnostic(.warning, "BBREPORT_WITHOUT names \"\(name)\", which is no speed mechanism; it is ignored",
                              hint: "the names are " + SpeedMechanism.allCases.map(\.rawValue).joined(separator: ", ")))
        }
        // Another app's file goes the long way, where it is recognised.
        if SpeedMechanism.plainBuild.isOn, let plain = PlainBuild(arguments), Report.otherApp(plain.file) == nil {
            Report.prepareBuild()
            do {
                try await BuildCommand.build(plain.options, quiet: plain.quiet, verbose: plain.verbose)
            } catch {
                exit(withError: error)
            }
            return
        }
        if arguments.first == "build" { Report.prepareBuild() }
        if let suggestion = CommandSuggestion(arguments) {
            var standardError = StandardError()
            print(suggestion.message, to: &standardError)
            Foundation.exit(ExitStatus.usage)
        }
        await main(nil)
    }
}

/// Prints `diagnostic` on standard error.
func report(_ diagnostic: Diagnostic) {
    var standardError = StandardError()
    print(diagnostic, to: &standardError)
}

/// Prints the failure and ends with its exit status.
func fail(_ diagnostic: Diagnostic) -> ExitCode {
    report(diagnostic)
    return ExitCode(diagnostic.exitStatus)
}
