import Foundation

/// Places in JSON text, the way an editor shows them.
enum JSONSyntax {
    /// `line L, column C` (1-based, columns in characters) of byte `offset`.
    static func lineAndColumn(of offset: Int, in data: Data) -> String {
        let prefix = data.prefix(offset)
        let line = prefix.reduce(1) { $1 == 0x0A ? $0 + 1 : $0 }
        let lineStart = prefix.lastIndex(of: 0x0A).map { $0 + 1 } ?? prefix.startIndex
        let column = String(decoding: prefix[lineStart...], as: UTF8.self).count + 1
        return "line \(line), column \(column)"
    }
}
