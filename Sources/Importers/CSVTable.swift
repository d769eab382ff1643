import Foundation

/// A CSV file as tracking apps write it (RFC 4180 quoting, `,` between cells, CRLF or LF,
/// a byte-order mark, quoted cells over several lines), read leniently where apps are
/// sloppy: ragged rows, trailing empty columns and blank lines are accepted. Each row keeps
/// the line it starts on, for messages.
struct CSVTable {
    struct Row {
        /// The file's line the row starts on, from 1.
        let line: Int
        let cells: [String]
    }

    let header: [String]
    let rows: [Row]

    /// The most rows read from one file: years of a busy family are a few tens of thousands.
    static let maximumRows = 1_000_000

    enum Problem: Error, Equatable {
        case empty
        case unclosedQuote(line: Int)
        case tooManyRows
    }

    init(text: String) throws(Problem) {
        var rows: [Row] = []
        var cells: [String] = []
        var cell = String.UnicodeScalarView()
        var line = 1, rowLine = 1
        var quoted = false, wasQuoted = false
        var scalars = text.unicodeScalars[...]
        if scalars.first == "\u{FEFF}" { scalars = scalars.dropFirst() }
        var iterator = scalars.makeIterator()
        var pending: Unicode.Scalar?
        func endRow() throws(Problem) {
            cells.append(String(cell))
            cell = String.UnicodeScalarView()
            // A blank line is no row.
            if !(cells.count == 1 && cells[0].isEmpty && !wasQuoted) {
                guard rows.count < Self.maximumRows else { throw .tooManyRows }
                rows.append(Row(line: rowLine, cells: cells))
            }
            cells = []
            wasQuoted = false
        }
        while let scalar = pending ?? iterator.next() {
            pending = nil
            if quoted {
                if scalar == "\"" {
                    let next = iterator.next()
                    if next == "\"" { cell.append("\"") } else { quoted = false; pending = next }
                } else {
                    if scalar == "\n" { line += 1 }
                    cell.append(scalar)
                }
                continue
            }
            switch scalar {
            case "\"" where cell.isEmpty:
                quoted = true
                wasQuoted = true
            case ",":
                cells.append(String(cell))
                cell = String.UnicodeScalarView()
            case "\r":
                let next = iterator.next()
                if next != "\n" { pending = next }
                try endRow()
                line += 1
                rowLine = line
            case "\n":
                try endRow()
                line += 1
                rowLine = line
            default:
                cell.append(scalar)
            }
        }
        guard !quoted else { throw .unclosedQuote(line: rowLine) }
        if !cell.isEmpty || !cells.isEmpty || wasQuoted { try endRow() }
        guard let first = rows.first else { throw .empty }
        // Trailing empty header cells (`…,Notes,`) name no column.
        var header = first.cells.map { $0.trimmedSpaces }
        while header.last?.isEmpty == true { header.removeLast() }
        self.header = header
        self.rows = Array(rows.dropFirst())
    }

    /// The index of the column named `name` (case and spaces ignored), if the file has it.
    func column(_ name: String) -> Int? {
        let wanted = name.lowercased()
        return header.firstIndex { $0.lowercased() == wanted }
    }
}

extension CSVTable.Row {
    /// The cell in `column`, trimmed; empty when the row is short.
    subscript(_ column: Int?) -> String {
        guard let column, column < cells.count else { return "" }
        return cells[column].trimmedSpaces
    }
}
