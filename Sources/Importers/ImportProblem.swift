/// A row that cannot be read at all: nothing is written, and the message says where,
/// like a compiler's: `sleep.csv:12: column "Start": expected a time like 2024-10-25 18:16, found "yesterday"`.
public struct ImportProblem: Error, Sendable, Equatable, CustomStringConvertible {
    public let file: String
    public let line: Int
    public let column: String?
    public let message: String

    public init(file: String, line: Int, column: String?, message: String) {
        self.file = file
        self.line = line
        self.column = column
        self.message = message
    }

    public var description: String {
        (line > 0 ? "\(file):\(line): " : "\(file): ") + (column.map { "column \"\($0)\": " } ?? "") + message
    }
}
