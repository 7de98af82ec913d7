import Foundation
import GRDBSQLite

/// SQLITE_TRANSIENT, which Swift cannot import from its C macro: SQLite copies the
/// bound bytes, so Swift's temporary buffers may go away before `step`.
let sqliteTransient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)

/// A prepared statement with typed bind and column accessors. Indices follow SQLite:
/// parameters count from 1, result columns from 0.
public final class RawStatement {
    public let handle: OpaquePointer
    // Keeps the connection open for as long as the statement lives.
    private let database: RawDatabase

    init(_ handle: OpaquePointer, database: RawDatabase) {
        self.handle = handle
        self.database = database
    }

    deinit { sqlite3_finalize(handle) }

    // MARK: Binding

    @inline(__always) public func bind(_ index: Int32, _ value: Int) {
        sqlite3_bind_int64(handle, index, Int64(value))
    }

    @inline(__always) public func bind(_ index: Int32, _ value: Double) {
        sqlite3_bind_double(handle, index, value)
    }

    @inline(__always) public func bind(_ index: Int32, _ value: Bool) {
        sqlite3_bind_int(handle, index, value ? 1 : 0)
    }

    @inline(__always) public func bind(_ index: Int32, _ value: String) {
        var value = value
        value.withUTF8 { buffer in
            _ = sqlite3_bind_text(handle, index, buffer.baseAddress, Int32(buffer.count), sqliteTransient)
        }
    }

    /// UUIDs are stored as their 16 bytes, as GRDB stores them.
    @inline(__always) public func bind(_ index: Int32, _ value: UUID) {
        withUnsafeBytes(of: value.uuid) { buffer in
            _ = sqlite3_bind_blob(handle, index, buffer.baseAddress, 16, sqliteTransient)
        }
    }

    @inline(__always) public func bindNull(_ index: Int32) {
        sqlite3_bind_null(handle, index)
    }

    @inline(__always) public func bind(_ index: Int32, _ value: String?) {
        if let value { bind(index, value) } else { bindNull(index) }
    }

    @inline(__always) public func bind(_ index: Int32, _ value: Double?) {
        if let value { bind(index, value) } else { bindNull(index) }
    }

    @inline(__always) public func bind(_ index: Int32, _ value: Int?) {
        if let value { bind(index, value) } else { bindNull(index) }
    }

    @inline(__always) public func bind(_ index: Int32, _ value: UUID?) {
        if let value { bind(index, value) } else { bindNull(index) }
    }

    // MARK: Stepping

    /// Steps once: true when a row is available, false when done.
    @inline(__always) public func step() throws -> Bool {
        switch sqlite3_step(handle) {
        case SQLITE_ROW: return true
        case SQLITE_DONE: return false
        default: throw WorkloadError("step \(String(cString: sqlite3_sql(handle))): \(database.errorMessage)")
        }
    }

    /// Runs a statement that returns no rows, then resets it for the next bindings.
    @inline(__always) public func run() throws {
        defer { sqlite3_reset(handle) }
        while try step() {}
    }

    @inline(__always) public func reset() {
        sqlite3_reset(handle)
    }

    // MARK: Columns

    @inline(__always) public func isNull(_ column: Int32) -> Bool {
        sqlite3_column_type(handle, column) == SQLITE_NULL
    }

    @inline(__always) public func int(_ column: Int32) -> Int {
        Int(sqlite3_column_int64(handle, column))
    }

    @inline(__always) public func double(_ column: Int32) -> Double {
        sqlite3_column_double(handle, column)
    }

    @inline(__always) public func bool(_ column: Int32) -> Bool {
        sqlite3_column_int64(handle, column) != 0
    }

    @inline(__always) public func text(_ column: Int32) -> String {
        guard let bytes = sqlite3_column_text(handle, column) else { return "" }
        let count = Int(sqlite3_column_bytes(handle, column))
        return String(decoding: UnsafeBufferPointer(start: bytes, count: count), as: UTF8.self)
    }

    @inline(__always) public func uuid(_ column: Int32) -> UUID {
        guard let bytes = sqlite3_column_blob(handle, column), sqlite3_column_bytes(handle, column) == 16 else {
            return UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0))
        }
        return UUID(uuid: bytes.loadUnaligned(as: uuid_t.self))
    }

    @inline(__always) public func optionalText(_ column: Int32) -> String? {
        isNull(column) ? nil : text(column)
    }

    /// Text or nil, NULL told by the missing pointer alone (no `sqlite3_column_type`),
    /// as Lighter's generated readers tell it.
    @inline(__always) public func textIfPresent(_ column: Int32) -> String? {
        guard let bytes = sqlite3_column_text(handle, column) else { return nil }
        let count = Int(sqlite3_column_bytes(handle, column))
        return String(decoding: UnsafeBufferPointer(start: bytes, count: count), as: UTF8.self)
    }

    @inline(__always) public func optionalDouble(_ column: Int32) -> Double? {
        isNull(column) ? nil : double(column)
    }

    @inline(__always) public func optionalInt(_ column: Int32) -> Int? {
        isNull(column) ? nil : int(column)
    }

    @inline(__always) public func optionalUUID(_ column: Int32) -> UUID? {
        isNull(column) ? nil : uuid(column)
    }
}
