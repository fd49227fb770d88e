import Foundation
import GRDB
import GRDBSQLite

extension Timetable {
    /// Stops reading the file: every later query fails at once (SQLITE_INTERRUPT, which
    /// `StoreError.isUnreadableDatabase` recognises). For a file rewritten in place under a reader,
    /// where the pages already read and the ones on disk no longer belong together. (Not
    /// `DatabaseQueue.close()`: GRDB reads a closed connection's handle as NULL and crashes.)
    public func stopReading() {
        try? (reader as? DatabaseQueue)?.inDatabase { db in
            // Called every VM instruction, it aborts every statement, BEGIN included.
            sqlite3_progress_handler(db.sqliteConnection, 1, { _ in 1 }, nil)
        }
    }

    /// SQLite's quick integrity check over every page (a few hundred milliseconds for the Tokyo
    /// data): for a file changed in place, a header that opens says nothing of the rest.
    public func quickCheck() throws {
        do {
            let verdict = try reader.read { db in try String.fetchOne(db, sql: "PRAGMA quick_check") }
            guard verdict == "ok" else {
                throw StoreError.inconsistent("\(url?.path ?? "the database") fails SQLite's integrity check: \(verdict ?? "no answer")")
            }
        } catch let error as DatabaseError {
            throw StoreError.inconsistent("\(url?.path ?? "the database") cannot be read whole (\(error.message ?? "SQLite error \(error.resultCode)"))")
        }
    }
}

extension StoreError {
    /// Whether `error` says the database file itself cannot be read now (corrupt, not a database,
    /// an I/O error, or stopped because it was rewritten in place), rather than a bad query.
    public static func isUnreadableDatabase(_ error: any Error) -> Bool {
        if error is DatabaseRewritten { return true }
        guard let error = error as? DatabaseError else { return false }
        return [.SQLITE_CORRUPT, .SQLITE_NOTADB, .SQLITE_IOERR, .SQLITE_INTERRUPT, .SQLITE_CANTOPEN, .SQLITE_FULL]
            .contains(error.resultCode.primaryResultCode)
    }
}
