import Foundation

/// A row of a store that is not a SQLite statement, read by a model's generated
/// `init(_$reader:)` through ``_ModelReader``: a PostgreSQL row, a custom store's
/// snapshot. Columns are numbered as the reader's column list numbers them.
///
/// Each getter returns nil for NULL and throws ``_UnreadableValue`` when the column
/// holds something that is not of the asked type. The getters past the first five
/// have defaults that read the engine's stored form (``StoredValue``); a store whose
/// rows hold UUIDs, dates, decimals or booleans natively gives its own.
public protocol _RowSource: AnyObject {
    /// The row's key, as errors name the row.
    var rowID: Int64 { get }
    /// The name of a column, as errors name the property.
    func columnName(at column: Int32) -> String
    func isNull(at column: Int32) -> Bool
    func integer(at column: Int32) throws(_UnreadableValue) -> Int64?
    func real(at column: Int32) throws(_UnreadableValue) -> Double?
    func text(at column: Int32) throws(_UnreadableValue) -> String?
    func bytes(at column: Int32) throws(_UnreadableValue) -> Data?
    func boolean(at column: Int32) throws(_UnreadableValue) -> Bool?
    func uuid(at column: Int32) throws(_UnreadableValue) -> UUID?
    func date(at column: Int32) throws(_UnreadableValue) -> Date?
    func decimal(at column: Int32) throws(_UnreadableValue) -> Decimal?
    /// The column as the engine's stored form, for values compared or decoded through a codec.
    func storedValue(at column: Int32) -> StoredValue
}

extension _RowSource {
    public func boolean(at column: Int32) throws(_UnreadableValue) -> Bool? {
        try integer(at: column).map { $0 != 0 }
    }

    public func uuid(at column: Int32) throws(_UnreadableValue) -> UUID? {
        switch storedValue(at: column) {
        case .null: return nil
        case .bytes(let data) where data.count == 16: return data.withUnsafeBytes { UUID(uuid: $0.loadUnaligned(as: uuid_t.self)) }
        case .text(let text):
            guard let uuid = UUID(uuidString: text) else { throw _UnreadableValue() }
            return uuid
        default: throw _UnreadableValue()
        }
    }

    public func date(at column: Int32) throws(_UnreadableValue) -> Date? {
        try real(at: column).map(Date.init(timeIntervalSinceReferenceDate:))
    }

    public func decimal(at column: Int32) throws(_UnreadableValue) -> Decimal? {
        switch storedValue(at: column) {
        case .null: return nil
        case .text(let text):
            guard let value = Decimal(string: text, locale: Locale(identifier: "en_US_POSIX")) else { throw _UnreadableValue() }
            return value
        case .integer(let number): return Decimal(number)
        case .real(let number): return Decimal(number)
        case .bytes: throw _UnreadableValue()
        }
    }
}

/// The row of a store that is not a SQLite statement, as an insert or update binds it:
/// ``_ModelWriter`` sets each property's parameter through it. Parameters are numbered
/// as the writer's parameter list numbers them.
///
/// The setters past the first five have defaults that write the engine's stored form
/// (``StoredValue``); a store with native UUID, date, decimal or boolean columns gives its own.
public protocol _RowSink: AnyObject {
    func setNull(at parameter: Int32)
    func set(_ value: Int64, at parameter: Int32)
    func set(_ value: Double, at parameter: Int32)
    func set(_ value: String, at parameter: Int32)
    func set(_ value: Data, at parameter: Int32)
    func set(_ value: Bool, at parameter: Int32)
    func set(_ value: UUID, at parameter: Int32)
    func set(_ value: Date, at parameter: Int32)
    func set(_ value: Decimal, at parameter: Int32)
    /// A to-one relationship's key: the related row's.
    func setKey(_ rowID: Int64, at parameter: Int32)
}

extension _RowSink {
    public func set(_ value: Bool, at parameter: Int32) { set(Int64(value ? 1 : 0), at: parameter) }
    public func set(_ value: UUID, at parameter: Int32) { set(withUnsafeBytes(of: value.uuid) { Data($0) }, at: parameter) }
    public func set(_ value: Date, at parameter: Int32) { set(value.timeIntervalSinceReferenceDate, at: parameter) }
    public func set(_ value: Decimal, at parameter: Int32) { set(value._canonicalText, at: parameter) }
    public func setKey(_ rowID: Int64, at parameter: Int32) { set(rowID, at: parameter) }

    /// A value in the engine's stored form.
    public func set(_ value: StoredValue, at parameter: Int32) {
        switch value {
        case .null: setNull(at: parameter)
        case .integer(let number): set(number, at: parameter)
        case .real(let number): set(number, at: parameter)
        case .text(let text): set(text, at: parameter)
        case .bytes(let data): set(data, at: parameter)
        }
    }
}
