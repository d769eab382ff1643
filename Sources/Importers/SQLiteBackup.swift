import CSQLite
import Foundation

/// An app's SQLite backup, read from its bytes into memory and never written: the family's
/// file is not opened by SQLite at all, and nothing in it (a view, a trigger, a page count
/// of millions) can run for long or reach outside — every statement is bounded in time,
/// every table in rows, every text in length.
final class SQLiteBackup {
    /// A cell's value.
    enum Value: Equatable {
        case null
        case integer(Int64)
        case real(Double)
        case text(String)
        case blob
    }

    /// A table's rows, each cell found by its column's name, stepped through as they are
    /// read and never all held: a table of a million rows of twenty columns took twenty
    /// times the backup's size as values. A problem met while stepping (too many rows, too
    /// long) ends the rows; ``finish()`` throws it.
    final class Table {
        let name: String
        let columns: [String: Int]
        /// What the messages call it: `the table daily_actions`.
        private let what: String
        private let statement: OpaquePointer
        private let backup: SQLiteBackup
        private var count = 0
        private var problem: Problem?

        fileprivate init(name: String, what: String, columns: [String: Int], statement: OpaquePointer, backup: SQLiteBackup) {
            self.name = name
            self.what = what
            self.columns = columns
            self.statement = statement
            self.backup = backup
        }

        deinit {
            sqlite3_finalize(statement)
        }

        func has(_ column: String) -> Bool { columns[column] != nil }

        /// The value in `column` of `row`; null when the table has no such column.
        func value(_ row: [Value], _ column: String) -> Value {
            columns[column].map { row[$0] } ?? .null
        }

        /// The rows not read yet, each read as it is asked for.
        var rows: AnySequence<[Value]> {
            AnySequence { AnyIterator { self.next() } }
        }

        /// Throws what ended the rows before the table's end, if anything did.
        func finish() throws(Problem) {
            if let problem { throw problem }
        }

        private func next() -> [Value]? {
            guard problem == nil else { return nil }
            switch backup.step(statement) {
            case SQLITE_ROW:
                guard count < SQLiteBackup.maximumRows else {
                    problem = Problem(message: "\(what) has more than \(SQLiteBackup.maximumRows) rows: not an app's backup")
                    return nil
                }
                count += 1
                return (0..<columns.count).map { backup.value(statement, Int32($0)) }
            case SQLITE_DONE:
                return nil
            case SQLITE_INTERRUPT:
                problem = Problem(message: "\(what) took more than \(Int(SQLiteBackup.statementSeconds)) seconds to read: not an app's backup")
                return nil
            default:
                problem = Problem(message: "\(what) cannot be read: \(backup.message)")
                return nil
            }
        }
    }

    /// Why the bytes cannot be read as a database.
    struct Problem: Error {
        let message: String
    }

    /// The first 16 bytes of every SQLite 3 database.
    static let header = Array("SQLite format 3\u{0}".utf8)
    /// The most rows read from one table: years of a busy family are a few tens of thousands.
    static let maximumRows = 1_000_000
    /// The longest text kept from one cell; a longer one is cut there.
    static let maximumTextBytes = 64 * 1024
    /// How long one statement may run.
    static let statementSeconds = 10.0

    /// Whether `bytes` begin as a SQLite 3 database does.
    static func isDatabase(_ bytes: Data) -> Bool {
        bytes.count >= header.count && bytes.prefix(header.count).elementsEqual(header)
    }

    private let database: OpaquePointer
    private let deadline = Deadline()

    init(bytes: Data) throws(Problem) {
        guard Self.isDatabase(bytes) else { throw Problem(message: "not a SQLite database (its first bytes are not \"SQLite format 3\")") }
        var opened: OpaquePointer?
        guard sqlite3_open_v2(":memory:", &opened, SQLITE_OPEN_READWRITE, nil) == SQLITE_OK, let opened else {
            sqlite3_close(opened)
            throw Problem(message: "SQLite could not be started")
        }
        database = opened
        // SQLite takes the copy as its own and frees it when the connection closes.
        guard let copy = sqlite3_malloc64(UInt64(bytes.count)) else {
            sqlite3_close(database)
            throw Problem(message: "not enough memory for the backup")
        }
        bytes.withUnsafeBytes { _ = memcpy(copy, $0.baseAddress!, bytes.count) }
        // A database in WAL mode (bytes 18 and 19 are 2) cannot be opened from memory, which
        // has no -wal file beside it; the copy is ours, so it is read in rollback mode (1),
        // from the pages in the file itself.
        if bytes.count > 19 {
            let header = copy.assumingMemoryBound(to: UInt8.self)
            if header[18] == 2 { header[18] = 1 }
            if header[19] == 2 { header[19] = 1 }
        }
        let flags = UInt32(SQLITE_DESERIALIZE_FREEONCLOSE | SQLITE_DESERIALIZE_READONLY)
        guard sqlite3_deserialize(database, "main", copy.assumingMemoryBound(to: UInt8.self), Int64(bytes.count), Int64(bytes.count), flags) == SQLITE_OK else {
            sqlite3_close(database)
            throw Problem(message: "SQLite could not read the backup")
        }
        sqlite3_limit(database, SQLITE_LIMIT_LENGTH, 16 << 20)
        sqlite3_progress_handler(database, 10_000, { context in
            Unmanaged<Deadline>.fromOpaque(context!).takeUnretainedValue().passed ? 1 : 0
        }, Unmanaged.passUnretained(deadline).toOpaque())
    }

    deinit {
        sqlite3_close(database)
    }

    /// The names of the database's tables (views and the rest left aside).
    func tableNames() throws(Problem) -> Set<String> {
        let names = try query("SELECT name FROM sqlite_master WHERE type = 'table'", what: "the list of tables")
        return Set(names.rows.compactMap { if case .text(let name) = $0.first { name } else { nil } })
    }

    /// The table `name`, its rows to be stepped through, each column as the table names it.
    func table(_ name: String) throws(Problem) -> Table {
        let quoted = "\"" + name.replacingOccurrences(of: "\"", with: "\"\"") + "\""
        let statement = try prepare("SELECT * FROM \(quoted)", what: "the table \(name)")
        return Table(name: name, what: "the table \(name)", columns: columns(of: statement), statement: statement, backup: self)
    }

    /// The statement of `sql`, its time limit started (and counted only while it steps).
    private func prepare(_ sql: String, what: String) throws(Problem) -> OpaquePointer {
        var statement: OpaquePointer?
        deadline.start(seconds: Self.statementSeconds)
        defer { deadline.pause() }
        guard sqlite3_prepare_v2(database, sql, -1, &statement, nil) == SQLITE_OK, let statement else {
            throw Problem(message: "\(what) cannot be read: \(message)")
        }
        return statement
    }

    /// The statement's columns by name, the first of each name.
    private func columns(of statement: OpaquePointer) -> [String: Int] {
        var columns: [String: Int] = [:]
        for index in 0..<Int(sqlite3_column_count(statement)) {
            let name = sqlite3_column_name(statement, Int32(index)).map { String(cString: $0) } ?? ""
            if columns[name] == nil { columns[name] = index }
        }
        return columns
    }

    /// One step of `statement`, its time counted against the statement's limit.
    fileprivate func step(_ statement: OpaquePointer) -> Int32 {
        deadline.resume()
        defer { deadline.pause() }
        return sqlite3_step(statement)
    }

    private func query(_ sql: String, what: String) throws(Problem) -> (columns: [String: Int], rows: [[Value]]) {
        let statement = try prepare(sql, what: what)
        let table = Table(name: what, what: what, columns: columns(of: statement), statement: statement, backup: self)
        let rows = Array(table.rows)
        try table.finish()
        return (table.columns, rows)
    }

    fileprivate func value(_ statement: OpaquePointer, _ column: Int32) -> Value {
        switch sqlite3_column_type(statement, column) {
        case SQLITE_INTEGER: return .integer(sqlite3_column_int64(statement, column))
        case SQLITE_FLOAT: return .real(sqlite3_column_double(statement, column))
        case SQLITE_TEXT:
            guard let text = sqlite3_column_text(statement, column) else { return .text("") }
            let length = min(Int(sqlite3_column_bytes(statement, column)), Self.maximumTextBytes)
            return .text(String(decoding: UnsafeBufferPointer(start: text, count: length), as: UTF8.self))
        case SQLITE_BLOB: return .blob
        default: return .null
        }
    }

    /// SQLite's words for its last error.
    fileprivate var message: String {
        sqlite3_errmsg(database).map { String(cString: $0) } ?? "unknown error"
    }

    /// When the statement running must stop; SQLite asks every 10,000 steps. The time runs
    /// only while SQLite works: a table is read row by row between the import's own work.
    private final class Deadline {
        private var end = Date.distantFuture
        private var remaining = TimeInterval.infinity

        func start(seconds: Double) {
            remaining = seconds
            resume()
        }

        func resume() { end = Date(timeIntervalSinceNow: remaining) }
        func pause() { remaining = end.timeIntervalSinceNow }
        var passed: Bool { Date() > end }
    }
}

extension SQLiteBackup.Value {
    /// The value as a whole number: an integer, a real without fraction, or digits in text.
    var integer: Int64? {
        switch self {
        case .integer(let value): value
        case .real(let value): value.isFinite && value.rounded() == value && abs(value) < 9e18 ? Int64(value) : nil
        case .text(let text): Int64(text.trimmingCharacters(in: .whitespaces))
        case .null, .blob: nil
        }
    }

    /// The value as a number.
    var number: Double? {
        switch self {
        case .integer(let value): Double(value)
        case .real(let value): value.isFinite ? value : nil
        case .text(let text): Double(text.trimmingCharacters(in: .whitespaces)).flatMap { $0.isFinite ? $0 : nil }
        case .null, .blob: nil
        }
    }

    /// The value as text, trimmed; empty for none.
    var text: String {
        switch self {
        case .text(let text): text.trimmingCharacters(in: .whitespacesAndNewlines)
        case .integer(let value): String(value)
        case .real(let value): String(value)
        case .null, .blob: ""
        }
    }
}
