import Report

/// The command line of a nightly build from a file, `build FILE [-o FOLDER] [-q] [-v]`,
/// read without the argument parser: before it parses anything, the parser reflects every
/// option of the command and of the groups it holds (31 in all), 3–4 ms of a 30 ms nightly
/// build. A line with anything more (another option, `--output=FOLDER`, a value starting
/// with a dash, a flag given twice, `--help`) is left to the parser, which words every
/// error; a test holds the two to the same options for every line read here.
struct PlainBuild {
    var file: String
    var output: String?
    var quiet = false
    var verbose = false

    /// The build `arguments` (the program's name left out) ask for, or nil when they are
    /// not such a plain line.
    init?(_ arguments: some Collection<String>) {
        guard arguments.first == "build" else { return nil }
        var file: String?
        var rest = arguments.dropFirst().makeIterator()
        while let argument = rest.next() {
            switch argument {
            case "-q", "--quiet":
                guard !quiet else { return nil }
                quiet = true
            case "-v", "--verbose":
                guard !verbose else { return nil }
                verbose = true
            case "-o", "--output":
                guard output == nil, let folder = rest.next(), Self.isPlainValue(folder) else { return nil }
                output = folder
            default:
                guard file == nil, Self.isPlainValue(argument) else { return nil }
                file = argument
            }
        }
        guard let file else { return nil }
        self.file = file
    }

    /// The options the parser gives the same line, with no configuration file.
    var options: BuildOptions {
        get throws(Diagnostic) {
            var options = BuildOptions(input: .file(file), output: output ?? BuildOptions.defaultOutput)
            options.language = try LanguageRequest().resolve()
            return options
        }
    }

    /// A value the parser takes as it stands: not empty, and not read as an option.
    private static func isPlainValue(_ text: String) -> Bool {
        !text.isEmpty && !text.hasPrefix("-")
    }
}
