import Dataset
import Sample

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

    public init(input: Input, output: String = "output", overrides: SettingsOverrides = SettingsOverrides()) {
        self.input = input
        self.output = output
        self.overrides = overrides
    }

    /// The sample built when no input is given: two children over 300 days ending
    /// 2026-11-21, crossing both DST changes.
    public static let bundledSample = SampleOptions()
}
