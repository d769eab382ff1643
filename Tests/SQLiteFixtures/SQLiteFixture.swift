import CSQLite
import Foundation

/// Databases made for tests from SQL text: an app's backup written as the statements that
/// build it, so a fixture can be read and changed in a review.
public enum SQLiteFixture {
    /// The bytes of a database built by `sql`; a statement that fails stops the test run.
    public static func database(_ sql: String) -> Data {
        var database: OpaquePointer?
        precondition(sqlite3_open(":memory:", &database) == SQLITE_OK)
        defer { sqlite3_close(database) }
        var error: UnsafeMutablePointer<CChar>?
        guard sqlite3_exec(database, sql, nil, nil, &error) == SQLITE_OK else {
            preconditionFailure("the fixture's SQL failed: \(error.map { String(cString: $0) } ?? "?")")
        }
        var size: Int64 = 0
        guard let bytes = sqlite3_serialize(database, "main", &size, 0) else { preconditionFailure("the fixture could not be serialized") }
        defer { sqlite3_free(bytes) }
        return Data(bytes: bytes, count: Int(size))
    }

    /// The bytes of a database file built by `sql` in WAL mode, as a phone keeps it (bytes
    /// 18 and 19 of its header are 2), written to a file and closed, so SQLite has moved
    /// every page into the file.
    public static func walDatabase(_ sql: String) throws -> Data {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("wal-\(UUID().uuidString).db")
        defer { for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: file.path + suffix) } }
        var database: OpaquePointer?
        precondition(sqlite3_open(file.path, &database) == SQLITE_OK)
        var error: UnsafeMutablePointer<CChar>?
        guard sqlite3_exec(database, "PRAGMA journal_mode=WAL;" + sql, nil, nil, &error) == SQLITE_OK else {
            preconditionFailure("the fixture's SQL failed: \(error.map { String(cString: $0) } ?? "?")")
        }
        sqlite3_close(database)
        return try Data(contentsOf: file)
    }

    /// The database of the SQL file at `path`.
    public static func database(file path: String) throws -> Data {
        database(try String(contentsOfFile: path, encoding: .utf8))
    }
}
