/// A problem in the data that a tracking app really produces: reported once, with
/// where it is, and either skipped or kept and flagged.
public struct DataWarning: Sendable, Equatable, CustomStringConvertible {
    /// The JSON path, e.g. `events[12].ended_at`.
    public let path: String
    /// What is wrong and what was done about it.
    public let message: String
    public let kind: Kind

    public init(path: String, kind: Kind, message: String) {
        self.path = path
        self.kind = kind
        self.message = message
    }

    /// `path: message`.
    public var description: String { "\(path): \(message)" }

    /// The kinds of data problem (docs/inputs.md), for grouping and tests.
    public enum Kind: String, Sendable, CaseIterable {
        case unknownType = "unknown type"
        case duplicateID = "duplicate id"
        case unknownChild = "unknown child"
        case negativeValue = "negative value"
        case sleepEndsBeforeStart = "sleep ends before it starts"
        case afterExport = "after the export"
        case implausibleValue = "implausible value"
        case overlappingSleep = "overlapping sleeps"
        case implausibleTime = "implausible time"
        case duplicateKey = "duplicate key"
    }
}
