import Dataset
import Sample
import Theme

/// Everything a build needs to know.
public struct BuildOptions: Sendable {
    /// Where the data comes from.
    public enum Input: Sendable, Equatable {
        /// An export file at this path.
        case file(String)
        /// The sample that ships with bbreport.
        case bundledSample
    }

    public var input: Input
    /// The archive folder.
    public var output: String
    /// Settings given on the command line.
    public var overrides: SettingsOverrides
    /// Theme given on the command line: wins over the export's, for every child.
    public var theme: ThemeRequest
    public var scheme: Scheme
    /// A folder whose templates replace the built-in ones of the same name.
    public var templates: String?

    public init(input: Input, output: String = "output", overrides: SettingsOverrides = SettingsOverrides(),
                theme: ThemeRequest = ThemeRequest(), scheme: Scheme = .auto, templates: String? = nil) {
        self.input = input
        self.output = output
        self.overrides = overrides
        self.theme = theme
        self.scheme = scheme
        self.templates = templates
    }

    /// The sample built when no input is given: two children over 300 days ending
    /// 2026-11-21, crossing both DST changes.
    public static let bundledSample = SampleOptions()
}
