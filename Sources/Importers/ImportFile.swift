import Export
import Timekeeping

/// One CSV file of an app's export being read: its rows, its columns by name, and the
/// readings every app's rows need (times, amounts), each failing with the file, the line
/// and the column.
struct ImportFile {
    /// A column: where it is and what the file calls it.
    struct Column {
        let index: Int
        let name: String

        /// The unit the name gives in brackets: `Amount (oz.)` → `oz`, `Weight(lb)` → `lb`,
        /// `Temperature (°F)` → `°f`; empty when it gives none.
        var unit: String {
            guard let open = name.lastIndex(of: "("), let close = name.lastIndex(of: ")"), open < close else { return "" }
            let unit = name[name.index(after: open)..<close].trimmedSpaces.lowercased()
            return unit.hasSuffix(".") ? String(unit.dropLast()) : unit
        }
    }

    let name: String
    let table: CSVTable
    /// How the file's slashed dates are written, worked out from all of them.
    let order: DateOrder
    /// Where the cells that cannot be read are told.
    let log: ImportLog

    init(name: String, table: CSVTable, log: ImportLog) {
        self.name = name
        self.table = table
        self.log = log
        let timeColumns = table.header.indices.filter {
            let lower = table.header[$0].lowercased()
            return lower.contains("time") || lower.contains("date")
        }
        order = DateOrder.of(table.rows.lazy.flatMap { row in timeColumns.lazy.map { row[$0] } })
    }

    /// The first column called any of `names` (letter case and spaces around aside).
    func column(_ names: String...) -> Column? {
        for name in names {
            if let index = table.column(name) { return Column(index: index, name: table.header[index]) }
        }
        return nil
    }

    /// The first column whose name starts with `prefix`, any letter case.
    func column(startingWith prefix: String) -> Column? {
        let lower = prefix.lowercased()
        return table.header.indices.first { table.header[$0].lowercased().hasPrefix(lower) }
            .map { Column(index: $0, name: table.header[$0]) }
    }

    /// The reading in `column` of `row`; `example` is how the app writes one, for the message.
    func time(_ row: CSVTable.Row, _ column: Column, like example: String, dateAlone: Bool = false) throws(ImportProblem) -> LocalDateTime {
        guard let reading = TimeText.reading(row[column.index], order: order, dateAlone: dateAlone) else {
            throw problem(row, column, "expected a time like \(example)")
        }
        return reading
    }

    /// The reading in `column`, or nil when the cell is empty.
    func optionalTime(_ row: CSVTable.Row, _ column: Column?, like example: String) throws(ImportProblem) -> LocalDateTime? {
        guard let column, !row[column.index].isEmpty else { return nil }
        return try time(row, column, like: example)
    }

    /// The amount in `column` read by `read`, nil when the cell is empty or the column absent,
    /// and when it cannot be read: then a warning says so, and only this value is left out.
    func amount(_ row: CSVTable.Row, _ column: Column?, _ expected: String, _ read: (String) -> Double?) -> Double? {
        guard let column else { return nil }
        let text = row[column.index]
        guard !text.isEmpty else { return nil }
        guard let value = read(text), value >= 0, value.isFinite else {
            log.valueLeftOut(problem(row, column, "expected \(expected)"))
            return nil
        }
        return value
    }

    /// The measure in `column` of `row`, a bare number in `unit` (what the header, a unit
    /// column or the app says it is); in another unit, with a note, when only that one is a
    /// child's (see ``Measure``).
    func measured(_ row: CSVTable.Row, _ column: Column?, _ measure: Measure, _ expected: String, unit: String = "") -> Double? {
        amount(row, column, expected) { text in
            measure.read(text, unit: unit, reread: { log.decided(ImportProblem(file: name, line: row.line, column: column?.name, message: $0), $1) })
        }
    }

    /// The text of `column` (trimmed, as every cell), empty when the column is absent.
    func text(_ row: CSVTable.Row, _ column: Column?) -> String {
        column.map { row[$0.index] } ?? ""
    }

    /// The problem with the cell of the column called `name`, or with the file having no such column.
    func problem(_ row: CSVTable.Row, named name: String, _ expected: String) -> ImportProblem {
        guard let column = column(name) else {
            return ImportProblem(file: self.name, line: row.line, column: name, message: "\(expected), but the file has no such column")
        }
        return problem(row, column, expected)
    }

    func problem(_ row: CSVTable.Row, _ column: Column, _ expected: String) -> ImportProblem {
        ImportProblem(file: name, line: row.line, column: column.name,
                      message: "\(expected), found \"\(TerminalText.safe(String(row[column.index].prefix(60))))\"")
    }

    /// Every row with the reading `reading` takes from it, in the order the times happened
    /// (see ``TimeOrder``); a row whose time cannot be read is left out with a warning,
    /// counted under its kind, `kind`. The order is kept as each row's number and its
    /// reading in eight bytes (a row and a reading took 56), and they are made as they are met.
    func rowsInTimeOrder(zone: Zone, newestFirst: Bool = false, kind: (CSVTable.Row) -> String,
                         _ reading: (CSVTable.Row) throws(ImportProblem) -> LocalDateTime) -> RowsInTimeOrder {
        var rows: [(row: UInt32, start: Int64)] = []
        rows.reserveCapacity(table.rows.count)
        for (index, row) in table.rows.enumerated() {
            do {
                rows.append((UInt32(index), try reading(row).millisecondsSinceEpoch))
            } catch {
                log.rowLeftOut(error, kind: kind(row))
            }
        }
        let table = table
        return TimeOrder.arrange(rows, zone: zone, newestFirst: newestFirst).lazy.map {
            (table.rows[Int($0.row)], LocalDateTime(millisecondsSinceEpoch: $0.start))
        }
    }

    /// Every row with the reading in its `column`, in the order the times happened.
    func rowsInTimeOrder(by column: Column, like example: String, dateAlone: Bool = false, zone: Zone,
                         newestFirst: Bool = false, kind: (CSVTable.Row) -> String) -> RowsInTimeOrder {
        rowsInTimeOrder(zone: zone, newestFirst: newestFirst, kind: kind) { row throws(ImportProblem) in
            try time(row, column, like: example, dateAlone: dateAlone)
        }
    }

    /// Where `row` comes from, of the app's kind `kind`.
    func source(_ row: CSVTable.Row, kind: String) -> RowSource {
        RowSource(file: name, line: row.line, kind: kind)
    }

    /// The file's name without folders and extension, lower case: `Ava_nursing`.
    var stem: String {
        let base = name.split(separator: "/").last.map(String.init) ?? name
        return (base.split(separator: ".").first.map(String.init) ?? base).lowercased()
    }
}

/// A file's rows in the order their times happened, each with its reading.
typealias RowsInTimeOrder = LazyMapSequence<[(row: UInt32, start: Int64)], (row: CSVTable.Row, start: LocalDateTime)>

/// Rows in the order their times happened. An app writes newest first or oldest first (a
/// file is turned by the order most neighbouring rows are in); a file in no order is sorted
/// by its readings, except that rows going back only within an hour the clocks repeated
/// keep the file's order, which is the only record of which occurrence they were. Readings
/// are milliseconds since 1970 on the wall clock (``LocalDateTime/millisecondsSinceEpoch``).
enum TimeOrder {
    /// `newestFirst` turns a file whose neighbours are as often in one order as the other.
    static func arrange<Row>(_ rows: consuming [(row: Row, start: Int64)], zone: Zone, newestFirst: Bool = false) -> [(row: Row, start: Int64)] {
        var rows = rows
        var descending = 0, ascending = 0
        for index in rows.indices.dropFirst() {
            if rows[index - 1].start > rows[index].start { descending += 1 } else if rows[index - 1].start < rows[index].start { ascending += 1 }
        }
        if descending > ascending || (descending == ascending && newestFirst) { rows.reverse() }
        func repeated(_ reading: Int64) -> Bool {
            zone.readings(of: LocalDateTime(millisecondsSinceEpoch: reading)).count > 1
        }
        let outOfOrder = rows.indices.dropFirst().contains { index in
            rows[index - 1].start > rows[index].start && !(repeated(rows[index - 1].start) && repeated(rows[index].start))
        }
        // In place; the standard library's sort is stable, so rows at the same time keep the file's order.
        if outOfOrder { rows.sort { $0.start < $1.start } }
        return rows
    }
}

extension Instant {
    /// The longest span a row can give, in minutes: ten years. Longer ones are held to it,
    /// and left to validation to flag.
    static let longestSpanMinutes = 10 * 366 * 24 * 60.0

    /// The instant `minutes` (which may have a fraction) after this one.
    func adding(minutes: Double) -> Instant {
        let bounded = max(-Self.longestSpanMinutes, min(Self.longestSpanMinutes, minutes.isNaN ? 0 : minutes))
        return self + Timekeeping.Duration(milliseconds: Int64((bounded * 60_000).rounded()))
    }
}

/// A format told by columns every file of it has.
protocol NamedColumnsFormat: AppFormat {
    static var requiredColumns: [String] { get }
}

extension NamedColumnsFormat {
    static func matches(_ file: ImportFile) -> Bool {
        requiredColumns.allSatisfy { file.column($0) != nil }
    }

    static func mismatch(_ file: ImportFile) -> String {
        "no column " + requiredColumns.filter { file.column($0) == nil }.map { "\"\($0)\"" }.joined(separator: ", ")
    }
}
