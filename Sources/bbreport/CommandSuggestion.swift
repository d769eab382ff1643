import Foundation

/// A first word that is no command: the command it was likely meant to be (`biuld` →
/// `build`, a misspelling of one or two letters), or `build` for a file given alone.
struct CommandSuggestion {
    let message: String

    static let commands = ["build", "serve", "fetch", "import", "validate", "sample", "themes", "help"]

    /// Nil when `arguments` start with a command, an option, or nothing.
    init?(_ arguments: ArraySlice<String>) {
        guard let word = arguments.first, !word.hasPrefix("-"), !Self.commands.contains(word) else { return nil }
        let rest = arguments.dropFirst().joined(separator: " ")
        let shown = String(word.prefix(60))
        if let close = Self.commands.min(by: { Self.distance(word.lowercased(), $0) < Self.distance(word.lowercased(), $1) }),
           Self.distance(word.lowercased(), close) <= 2 {
            message = "error: '\(shown)' is not a bbreport command; did you mean `bbreport \(close)\(rest.isEmpty ? "" : " " + rest)`?"
        } else if FileManager.default.fileExists(atPath: word) {
            message = "error: a command comes first; did you mean `bbreport build \(([word] + arguments.dropFirst()).joined(separator: " "))`?"
        } else {
            message = "error: '\(shown)' is not a bbreport command\nhint: the commands are \(Self.commands.joined(separator: ", ")); `bbreport help COMMAND` tells more"
        }
    }

    /// The edit distance of `a` and `b` (insertions, deletions, substitutions, and two
    /// neighbours swapped), stopping early past 3: words are short.
    static func distance(_ a: String, _ b: String) -> Int {
        let a = Array(a.prefix(40)), b = Array(b)
        guard abs(a.count - b.count) <= 3 else { return 4 }
        guard !a.isEmpty, !b.isEmpty else { return max(a.count, b.count) }
        var rows = [Array(0...b.count)]
        for i in 1...a.count {
            var row = [i] + Array(repeating: 0, count: b.count)
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                row[j] = min(rows[i - 1][j] + 1, row[j - 1] + 1, rows[i - 1][j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] { row[j] = min(row[j], rows[i - 2][j - 2] + 1) }
            }
            rows.append(row)
        }
        return rows[a.count][b.count]
    }
}
