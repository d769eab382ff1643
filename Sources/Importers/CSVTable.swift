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
    /// Rows left out because a quoted cell ran across lines and text followed its closing
    /// quote — a quote left open, which swallowed the lines after it: where each began and
    /// the line it ran to.
    let brokenRows: [(line: Int, through: Int)]

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
        // Just after a quoted cell closed on a later line than its row began; and a row so broken.
        var afterLongQuote = false, broken = false
        var brokenRows: [(line: Int, through: Int)] = []
        var scalars = text.unicodeScalars[...]
        if scalars.first == "\u{FEFF}" { scalars = scalars.dropFirst() }
        var iterator = scalars.makeIterator()
        var pending: Unicode.Scalar?
        func endRow() throws(Problem) {
            cells.append(String(cell))
            cell = String.UnicodeScalarView()
            afterLongQuote = false
            if broken {
                brokenRows.append((rowLine, line))
                broken = false
            } else if !(cells.count == 1 && cells[0].isEmpty && !wasQuoted) {
                // A blank line is no row.
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
                    if next == "\"" { cell.append("\"") } else { quoted = false; pending = next; afterLongQuote = line > rowLine }
                } else {
                    if scalar == "\n" { line += 1 }
                    cell.append(scalar)
                }
                continue
            }
            if afterLongQuote && !",\r\n \t".unicodeScalars.contains(scalar) { broken = true }
            switch scalar {
            case "\"" where cell.isEmpty:
                quoted = true
                wasQuoted = true
            case ",":
                cells.append(String(cell))
                cell = String.UnicodeScalarView()
                afterLongQuote = false
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
        self.brokenRows = brokenRows
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
