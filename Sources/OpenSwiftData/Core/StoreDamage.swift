import Foundation

/// What is wrong with a store file that cannot be opened, in the user's words: see
/// ``OpenSwiftDataError/storeDamaged(path:reason:)``.
public enum StoreDamage: Sendable, Equatable, CustomStringConvertible {
    /// The file is empty, and no write-ahead log beside it holds its pages.
    case empty
    /// The file does not begin with SQLite's header.
    case notSQLite
    /// The file is shorter than its header says: its end was cut off.
    case truncated(expectedBytes: Int, actualBytes: Int)
    /// The database's pages are inconsistent: SQLite found them so, opening it or
    /// reading or writing some of its rows, or its header gives a page size SQLite
    /// never writes.
    case corrupt
    /// The path names a directory, not a file.
    case isDirectory
    /// The file exists but cannot be read.
    case unreadable(String)
    /// A table or column the store records is not in the file: another program changed
    /// its tables, or the page that describes them is damaged. The text names what is
    /// missing ("the column netProfit of SalesHistory").
    case missingFromTables(String)
    /// The `-wal` beside the file was written for another file: the store file was
    /// replaced while its log was kept (see `WriteAheadLogCheck`).
    case logFromAnotherFile

    /// The damage, as an error message names it.
    public var description: String {
        switch self {
        case .empty:
            "the file is empty (0 bytes): it lost its contents, perhaps in an interrupted copy"
        case .notSQLite:
            "the file does not begin with an SQLite header: it is not a store, or its beginning was overwritten"
        case let .truncated(expected, actual):
            "the file is \(actual) bytes long but its header says \(expected): its end was cut off"
        case .corrupt:
            "some of the file's pages are inconsistent: it is an SQLite database, damaged"
        case .isDirectory:
            "the path is a directory, not a store file"
        case let .unreadable(reason):
            "the file cannot be read (\(reason))"
        case let .missingFromTables(what):
            "\(what) is missing from its tables: another program changed them, or the file is damaged"
        case .logFromAnotherFile:
            "its -wal file was written for another file: the store file was replaced (restored from a copy, or overwritten) while the -wal of the old one stayed beside it, and opening it would mix the two"
        }
    }

    /// True when moving the file aside and starting a fresh store is the remedy; false
    /// when the path itself is wrong (a directory, a file without read permission).
    public var isRecoverableByReplacing: Bool {
        switch self {
        case .empty, .notSQLite, .truncated, .corrupt, .missingFromTables, .logFromAnotherFile: true
        case .isDirectory, .unreadable: false
        }
    }
}
