import ArgumentParser
import Report

struct BuildCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "build",
        abstract: "Build the archive from an export file (or the bundled sample).",
        discussion: "With no FILE, builds the bundled sample data. The output folder is replaced atomically: if anything fails, the previous archive stays as it was."
    )

    @Argument(help: ArgumentHelp("A Baby Basics export file (JSON).", valueName: "file"))
    var file: String?

    @Option(name: [.short, .long], help: ArgumentHelp("The archive folder.", valueName: "folder"))
    var output = "output"

    @OptionGroup var settings: SettingsFlags

    @OptionGroup var look: ThemeFlags

    @Flag(name: [.short, .long], help: "Print only errors.")
    var quiet = false

    func run() throws {
        let input: BuildOptions.Input = file.map { .file($0) } ?? .bundledSample
        if input == .bundledSample, !quiet {
            let sample = BuildOptions.bundledSample
            report(Diagnostic(.note, "no export file given: building the bundled sample (\(sample.children) children, \(sample.days) days)",
                              hint: "to build your own data, run `bbreport build path/to/export.json`"))
        }
        let options = BuildOptions(input: input, output: output, overrides: settings.overrides,
                                   theme: look.request, scheme: look.scheme, templates: look.templates)
        do {
            let summary = try Report.build(options) { warning in
                if !quiet { report(warning) }
            }
            if !quiet { print(summary.line) }
        } catch {
            throw fail(error)
        }
    }
}
