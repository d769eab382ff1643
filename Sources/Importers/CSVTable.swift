import Foundation

/// A CSV file as tracking apps write it (RFC 4180 quoting, `,` between cells, CRLF or LF,
/// a byte-order mark, quoted cells over several lines), read leniently where apps are
/// sloppy: ragged rows, trailing empty columns and blank lines are accepted. Each row keeps
/// the line it starts on, for messages.
///
/// A row's cells are not copied out of the file: the table keeps the file's text and where
/// each cell ends in it (four bytes a cell), and a cell is made into a string when it is
/// read. A file of short cells took ten times its size as a string per cell; it now takes
/// about twice.
struct CSVTable {
    /// The file's text, and the end of every cell of every row in it, in UTF-8 bytes.
    final class Storage {
        let text: String
        fileprivate(set) var ends: [UInt32] = []

        init(text: String) {
            self.text = text
        }
    }

    /// A row: where its cells are in the file's text.
    struct Row {
        fileprivate let storage: Storage
        private let lineNumber: UInt32
        /// Where the row's first cell begins in the text, and its first cell's place in `ends`.
        fileprivate let start: UInt32
        fileprivate let first: UInt32
        private let cellCount: UInt16

        fileprivate init(line: Int, storage: Storage, start: UInt32, first: UInt32, count: Int) {
            self.storage = storage
            lineNumber = UInt32(line)
            self.start = start
            self.first = first
            cellCount = UInt16(count)
        }

        /// The file's line the row starts on, from 1.
        var line: Int { Int(lineNumber) }
        /// How many cells the row has.
        var count: Int { Int(cellCount) }

        /// The cell at `index`, unquoted as the file meant it (untrimmed).
        func cell(_ index: Int) -> String {
            let ends = storage.ends
            let from = index == 0 ? Int(start) : Int(ends[Int(first) + index - 1]) + 1
            let to = Int(ends[Int(first) + index])
            let utf8 = storage.text.utf8
            let raw = utf8[utf8.index(utf8.startIndex, offsetBy: from)..<utf8.index(utf8.startIndex, offsetBy: to)]
            return raw.contains(UInt8(ascii: "\"")) ? CSVTable.unquoted(raw) : String(Substring(raw))
        }

        /// Every cell, as the file meant it.
        var cells: [String] {
            (0..<count).map(cell)
        }
    }

    let header: [String]
    let rows: [Row]
    /// Rows left out whole, where each began, the line it ran to, and why.
    let brokenRows: [(line: Int, through: Int, why: Broken)]

    /// Why a row was left out whole.
    enum Broken: Equatable {
        /// A quoted cell ran across lines and text followed its closing quote: a quote left
        /// open, which swallowed the lines after it.
        case quoteLeftOpen
        /// More cells than ``maximumCells``.
        case tooManyCells
        /// A cell longer than ``maximumCellBytes``.
        case cellTooLong
    }

    /// The most rows read from one file: years of a busy family are a few tens of thousands.
    static let maximumRows = 1_000_000
    /// The most cells of a row, and columns of a header: the apps write a dozen.
    static let maximumCells = 1_000
    /// The longest cell read, in bytes: a long note is a few thousand.
    static let maximumCellBytes = 256 * 1024

    enum Problem: Error, Equatable {
        case empty
        case unclosedQuote(line: Int)
        case tooManyRows
        case tooManyColumns
    }

    init(text: String) throws(Problem) {
        var reader = Reader(text: text)
        try reader.read()
        guard let headerRow = reader.header else { throw .empty }
        // Trailing empty header cells (`…,Notes,`) name no column.
        var header = headerRow.cells.map { $0.trimmedSpaces }
        while header.last?.isEmpty == true { header.removeLast() }
        self.header = header
        // Copied to their exact size: grown by doubling, they held up to twice what they need.
        self.rows = reader.rows.withUnsafeBufferPointer { Array($0) }
        reader.storage.ends = reader.storage.ends.withUnsafeBufferPointer { Array($0) }
        self.brokenRows = reader.brokenRows
    }

    /// One pass over a file's text, scalar by scalar, noting where each cell ends.
    private struct Reader {
        let storage: Storage
        var header: Row?
        var rows: [Row] = []
        var brokenRows: [(line: Int, through: Int, why: Broken)] = []
        private var iterator: String.UnicodeScalarView.SubSequence.Iterator
        private var pending: Unicode.Scalar?
        private var line = 1, rowLine = 1
        // Where the text is (in UTF-8 bytes), where the row and the cell began, and the row's first end.
        private var offset = 0, rowStart = 0, cellStart = 0, rowFirst = 0
        private var quoted = false, wasQuoted = false
        /// Just after a quoted cell closed on a later line than its row began.
        private var afterLongQuote = false
        private var broken: Broken?

        init(text: String) {
            storage = Storage(text: text)
            var scalars = text.unicodeScalars[...]
            if scalars.first == "\u{FEFF}" {
                scalars = scalars.dropFirst()
                (offset, rowStart, cellStart) = (3, 3, 3)
            }
            iterator = scalars.makeIterator()
        }

        mutating func read() throws(Problem) {
            while let scalar = next() {
                let end = offset - UTF8.width(scalar)
                if quoted {
                    if scalar == "\"" {
                        let after = next()
                        if after != "\"" { quoted = false; pending = after; afterLongQuote = line > rowLine }
                    } else if scalar == "\n" {
                        line += 1
                    }
                    continue
                }
                if afterLongQuote && !",\r\n \t".unicodeScalars.contains(scalar) { broken = .quoteLeftOpen }
                switch scalar {
                case "\"" where end == cellStart:
                    quoted = true
                    wasQuoted = true
                case ",":
                    endCell(at: end)
                    afterLongQuote = false
                case "\r":
                    let after = next()
                    if after != "\n" { pending = after }
                    try endRow(at: end, next: after == "\n" ? offset : end + 1)
                case "\n":
                    try endRow(at: end, next: offset)
                default:
                    break
                }
            }
            guard !quoted else { throw .unclosedQuote(line: rowLine) }
            if offset > rowStart || storage.ends.count > rowFirst || wasQuoted { try endRow(at: offset, next: offset) }
        }

        /// The next scalar, its bytes counted.
        private mutating func next() -> Unicode.Scalar? {
            if let scalar = pending {
                pending = nil
                return scalar
            }
            guard let scalar = iterator.next() else { return nil }
            offset += UTF8.width(scalar)
            return scalar
        }

        /// Ends the cell at the separator just read; a row of more cells than any app writes
        /// keeps none past the bound.
        private mutating func endCell(at end: Int) {
            if end - cellStart > CSVTable.maximumCellBytes { broken = broken ?? .cellTooLong }
            if storage.ends.count - rowFirst < CSVTable.maximumCells { storage.ends.append(UInt32(end)) } else { broken = broken ?? .tooManyCells }
            cellStart = end + 1
        }

        /// Ends the row at `end`; the next begins at `next`.
        private mutating func endRow(at end: Int, next: Int) throws(Problem) {
            endCell(at: end)
            afterLongQuote = false
            let count = storage.ends.count - rowFirst
            if let why = broken {
                guard header != nil || why != .tooManyCells else { throw .tooManyColumns }
                brokenRows.append((rowLine, line, why))
                storage.ends.removeLast(count)
                broken = nil
            } else if count == 1 && end == rowStart && !wasQuoted {
                // A blank line is no row.
                storage.ends.removeLast()
            } else {
                guard rows.count < CSVTable.maximumRows else { throw .tooManyRows }
                let row = Row(line: rowLine, storage: storage, start: UInt32(rowStart), first: UInt32(rowFirst), count: count)
                if header == nil { header = row } else { rows.append(row) }
            }
            rowFirst = storage.ends.count
            (rowStart, cellStart) = (next, next)
            wasQuoted = false
            line += 1
            rowLine = line
        }
    }

    /// A cell written with quotes, as the file meant it: `"say ""hi"""` → `say "hi"`. A quote
    /// opens only at the cell's start; text after the closing quote is kept.
    static func unquoted(_ raw: Substring.UTF8View) -> String {
        var result = String.UnicodeScalarView()
        var quoted = false, started = false
        var iterator = Substring(raw).unicodeScalars.makeIterator()
        var pending: Unicode.Scalar?
        while let scalar = pending ?? iterator.next() {
            pending = nil
            if quoted {
                if scalar == "\"" {
                    let after = iterator.next()
                    if after == "\"" { result.append("\"") } else { quoted = false; pending = after }
                } else {
                    result.append(scalar)
                }
            } else if scalar == "\"" && !started {
                quoted = true
            } else {
                result.append(scalar)
            }
            started = true
        }
        return String(result)
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
        guard let column, column < count else { return "" }
        return cell(column).trimmedSpaces
    }
}
