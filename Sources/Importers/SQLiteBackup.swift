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

    /// A table's rows, each cell found by its column's name.
    struct Table {
        let name: String
        let columns: [String: Int]
        let rows: [[Value]]

        func has(_ column: String) -> Bool { columns[column] != nil }

        /// The value in `column` of `row`; null when the table has no such column.
        func value(_ row: [Value], _ column: String) -> Value {
            columns[column].map { row[$0] } ?? .null
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

    /// Every row of the table `name`, each column as the table names it.
    func table(_ name: String) throws(Problem) -> Table {
        let quoted = "\"" + name.replacingOccurrences(of: "\"", with: "\"\"") + "\""
        let read = try query("SELECT * FROM \(quoted)", what: "the table \(name)")
        return Table(name: name, columns: read.columns, rows: read.rows)
    }

    private func query(_ sql: String, what: String) throws(Problem) -> (columns: [String: Int], rows: [[Value]]) {
        var statement: OpaquePointer?
        deadline.start(seconds: Self.statementSeconds)
        guard sqlite3_prepare_v2(database, sql, -1, &statement, nil) == SQLITE_OK, let statement else {
            throw Problem(message: "\(what) cannot be read: \(message)")
        }
        defer { sqlite3_finalize(statement) }
        let count = Int(sqlite3_column_count(statement))
        var columns: [String: Int] = [:]
        for index in 0..<count {
            let name = sqlite3_column_name(statement, Int32(index)).map { String(cString: $0) } ?? ""
            if columns[name] == nil { columns[name] = index }
        }
        var rows: [[Value]] = []
        while true {
            switch sqlite3_step(statement) {
            case SQLITE_ROW:
                guard rows.count < Self.maximumRows else { throw Problem(message: "\(what) has more than \(Self.maximumRows) rows: not an app's backup") }
                rows.append((0..<count).map { value(statement, Int32($0)) })
            case SQLITE_DONE:
                return (columns, rows)
            case SQLITE_INTERRUPT:
                throw Problem(message: "\(what) took more than \(Int(Self.statementSeconds)) seconds to read: not an app's backup")
            default:
                throw Problem(message: "\(what) cannot be read: \(message)")
            }
        }
    }

    private func value(_ statement: OpaquePointer, _ column: Int32) -> Value {
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
    private var message: String {
        sqlite3_errmsg(database).map { String(cString: $0) } ?? "unknown error"
    }

    /// When the statement running must stop; SQLite asks every 10,000 steps.
    private final class Deadline {
        private var end = Date.distantFuture

        func start(seconds: Double) { end = Date(timeIntervalSinceNow: seconds) }
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
