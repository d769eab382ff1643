import Dataset
import Timekeeping

/// Data warnings as a build prints them: the first few of each kind in full, then one line
/// saying how many more there are. A year of the same app bug must not bury the summary.
enum WarningGroups {
    /// How many warnings of one kind a build prints in full.
    static let shownPerKind = 3

    /// The diagnostics for `warnings` found in `source`, in the export's order; with `all`,
    /// every warning in full. `file`, when the source is one, is named in the hint; `names`
    /// adds Baby Buddy's own name of each record a warning points at.
    static func diagnostics(for warnings: [DataWarning], in source: String, file: String?, all: Bool,
                            names: RecordNames = RecordNames()) -> [Diagnostic] {
        let full = { (warning: DataWarning) in Diagnostic(.warning, "\(source): \(names.named(warning.description))") }
        guard !all else { return warnings.map(full) }
        var counts: [DataWarning.Kind: Int] = [:]
        var diagnostics: [Diagnostic] = []
        for warning in warnings {
            counts[warning.kind, default: 0] += 1
            if counts[warning.kind]! <= shownPerKind {
                diagnostics.append(full(warning))
            }
        }
        for kind in DataWarning.Kind.allCases {
            guard let count = counts[kind], count > shownPerKind else { continue }
            let more = count - shownPerKind
            diagnostics.append(Diagnostic(
                .warning, "\(source): \(Count.grouped(more)) more \(more == 1 ? "warning" : "warnings") of the kind \"\(kind.rawValue)\" (\(Count.grouped(count)) in all)",
                hint: "`--verbose` prints every one" + (file.map { ", as does `bbreport validate \($0)`" } ?? "")
            ))
        }
        return diagnostics
    }
}
