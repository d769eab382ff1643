import Foundation

/// The mechanisms that exist only to go faster (docs/performance.md), each of which can be
/// switched off to measure what it gains and to hold its pages to those of the slower
/// path: `BBREPORT_WITHOUT=first-use,leftovers bbreport build …` builds without those two.
/// A build gives the same bytes either way; a name that is no mechanism's is warned of.
public enum SpeedMechanism: String, CaseIterable, Sendable {
    /// Templates compiled to a program of our own instead of rendered by swift-mustache.
    case compiledTemplates = "compiled-templates"
    /// The pages' own Markdown turned into HTML without cmark-gfm.
    case generatedMarkdown = "generated-markdown"
    /// The archive's index of the export it was built from, read back decoded.
    case exportIndex = "export-index"
    /// The search index's entries of kept days copied from the archive before.
    case previousSearchIndex = "previous-search-index"
    /// The stages' first uses made on the other core.
    case firstUse = "first-use"
    /// The plain nightly command line read without the argument parser.
    case plainBuild = "plain-build"
    /// A build's memory left to the process's exit instead of freed piece by piece.
    case leftovers
    /// The catalogs that ship read line by line instead of by Yams.
    case catalogLines = "catalog-lines"
    /// The times of day and durations a language says kept once made, instead of made again.
    case wordingMemo = "wording-memo"

    /// Whether the mechanism works in this run: it does unless `BBREPORT_WITHOUT` names it.
    public var isOn: Bool { !Self.switchedOff.contains(self) }

    private static let switchedOff: Set<SpeedMechanism> = Set(named.compactMap { SpeedMechanism(rawValue: $0) })

    /// The names `BBREPORT_WITHOUT` gives, in its order.
    private static let named: [String] = {
        let names = ProcessInfo.processInfo.environment["BBREPORT_WITHOUT"] ?? ""
        return names.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    }()

    /// The names `BBREPORT_WITHOUT` gives that are no mechanism's (a name mistyped would
    /// otherwise measure nothing without a word).
    public static var unknownNames: [String] {
        named.filter { SpeedMechanism(rawValue: $0) == nil }
    }
}
