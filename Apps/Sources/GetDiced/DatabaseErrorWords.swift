import Foundation
import GRDB

/// SQLite's errors as GRDB reports them show the SQL that failed ("SQLite error 8:
/// attempt to write a readonly database - while executing `INSERT INTO ...`"); this says
/// what happened to the database file instead, and that nothing was changed.
public enum DatabaseErrorWords {
    /// `error` in words naming the database at `path`, or `error` itself when it is not SQLite's.
    public static func explaining(_ error: any Error, databasePath path: String) -> any Error {
        if let unreadable = error as? UnreadableColumnValue {
            return GetDicedError.databaseUnusable(path: path, reason: "its \(unreadable.column) holds \(unreadable.value), which " + unreadableValue)
        }
        if error is RowDecodingError {
            return GetDicedError.databaseUnusable(path: path, reason: "it holds a value that " + unreadableValue)
        }
        guard let error = error as? DatabaseError else { return error }
        return GetDicedError.databaseUnusable(path: path, reason: reason(for: error))
    }

    /// A value of another kind than getdiced keeps in its column (text for a number).
    private static let unreadableValue = "getdiced cannot read: another program wrote it, or the file is damaged. Nothing was "
        + "changed. Put back a copy from a backup, or create a new database with `getdiced init --catalog PATH --db NEW_PATH`"

    static func reason(for error: DatabaseError) -> String {
        switch error.resultCode {
        case .SQLITE_READONLY:
            "it is read-only (the file, or the folder it is in, may not be written), so nothing was changed. "
                + "Make it writable, or work on a copy in a folder you may write to"
        case .SQLITE_CANTOPEN:
            "it cannot be opened (check that its folder exists and that you may read and write both), so nothing was changed"
        case .SQLITE_FULL:
            "the disk holding it is full, so nothing was changed. Free some space and try again"
        case .SQLITE_BUSY, .SQLITE_LOCKED:
            "another program is using it, so nothing was changed. Try again when it has finished"
        case .SQLITE_IOERR:
            "the disk reported an error reading or writing it, so nothing was changed. Check the disk and try again"
        case .SQLITE_CORRUPT, .SQLITE_NOTADB:
            "it is damaged or not a database, so nothing was changed. Put back a copy from a backup, or create a new "
                + "database with `getdiced init --catalog PATH --db NEW_PATH`"
        case .SQLITE_PERM, .SQLITE_AUTH:
            "you may not use it, so nothing was changed. Check its permissions"
        default:
            "it could not be read or written (error \(error.extendedResultCode.rawValue)), so nothing was changed"
        }
    }
}
