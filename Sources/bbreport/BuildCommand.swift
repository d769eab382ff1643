import ArgumentParser
import Report
import Timekeeping

struct BuildCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "build",
        abstract: "Build the archive from an export file (or the bundled sample).",
        discussion: "With no FILE and no --server, builds the bundled sample data. The output folder is replaced atomically: if anything fails, the previous archive stays as it was."
    )

    @Argument(help: ArgumentHelp("A Baby Basics export file (JSON).", valueName: "file"))
    var file: String?

    @Option(name: [.short, .long], help: ArgumentHelp("The archive folder.", valueName: "folder"))
    var output = "output"

    @OptionGroup var settings: SettingsFlags

    @OptionGroup var look: ThemeFlags

    @OptionGroup var source: ServerFlags

    @Option(name: .customLong("visit-from"), help: ArgumentHelp("First day of the visit summary, YYYY-MM-DD.", valueName: "date"),
            transform: SampleCommand.date)
    var visitFrom: LocalDate?

    @Option(name: .customLong("visit-to"), help: ArgumentHelp("Last day of the visit summary, YYYY-MM-DD (default: the export's day).", valueName: "date"),
            transform: SampleCommand.date)
    var visitTo: LocalDate?

    @Option(help: ArgumentHelp("Paper for printing and PDFs: a4 or letter (default: letter in the Americas, a4 elsewhere).", valueName: "size"),
            transform: { text in
                guard let paper = Paper(rawValue: text.lowercased()) else { throw ValidationError("'\(text)' is not a paper size; use a4 or letter") }
                return paper
            })
    var paper: Paper?

    @Flag(help: "Also print each child's visit summary to visit.pdf (needs Chromium).")
    var pdf = false

    @Flag(help: "Also write each page's Markdown beside its HTML, to paste a day into a message.")
    var markdown = false

    @Flag(help: "Make and write every page again, keeping nothing from the previous archive.")
    var clean = false

    @Flag(name: [.short, .long], help: "Print only errors.")
    var quiet = false

    @Flag(name: [.short, .long], help: "Also print how long each stage took.")
    var verbose = false

    func validate() throws {
        if file != nil && source.server != nil {
            throw ValidationError("give either an export file or --server, not both")
        }
        if let visitFrom, let visitTo, visitFrom > visitTo {
            throw ValidationError("--visit-from (\(visitFrom)) is after --visit-to (\(visitTo))")
        }
    }

    func run() async throws {
        let input: BuildOptions.Input = file.map { .file($0) } ?? source.options.map { .server($0) } ?? .bundledSample
        if input == .bundledSample, !quiet {
            let sample = BuildOptions.bundledSample
            report(Diagnostic(.note, "no export file given: building the bundled sample (\(sample.children) children, \(sample.days) days)",
                              hint: "to build your own data, run `bbreport build path/to/export.json`"))
        }
        var options = BuildOptions(input: input, output: output, overrides: settings.overrides,
                                   theme: look.request, scheme: look.scheme, templates: look.templates,
                                   visitFrom: visitFrom, visitTo: visitTo, paper: paper, pdf: pdf)
        options.markdown = markdown
        options.clean = clean
        do {
            let summary = try await Report.build(options) { warning in
                if !quiet { report(warning) }
            }
            if !quiet { print(summary.line) }
            if verbose {
                for (stage, seconds) in summary.phases {
                    report(Diagnostic(.note, "\(stage): \(String(format: "%.3f", seconds)) s"))
                }
            }
        } catch {
            throw fail(error)
        }
    }
}
