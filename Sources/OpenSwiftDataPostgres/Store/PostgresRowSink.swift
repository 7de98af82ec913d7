#if PostgreSQL
import Foundation
import OpenSwiftData

/// One row's column values as a model's generated writer sets them (`_$encode(to:)`),
/// each in the type its column has: a row of an insert or update that goes to the
/// server in a column's array.
///
/// Parameters are the columns', from 1 (``PostgresEntityMapping/readerColumns``). A
/// value PostgreSQL cannot hold (text with U+0000) is kept as the first failure, which
/// the save reports naming the property.
final class PostgresRowSink: _RowSink {
    private let types: [PostgresColumnType]
    private(set) var values: [PostgresValue]
    /// The first value that could not be set, by its column, and why.
    private(set) var failure: (column: Int, error: PostgresStoreError)?

    init(types: [PostgresColumnType]) {
        self.types = types
        values = Array(repeating: .null, count: types.count)
    }

    /// Starts the next row.
    func reset() {
        for index in values.indices { values[index] = .null }
        failure = nil
    }

    private func put(_ value: PostgresValue, at parameter: Int32) {
        values[Int(parameter) - 1] = value
    }

    private func fail(_ error: PostgresStoreError, at parameter: Int32) {
        if failure == nil { failure = (Int(parameter) - 1, error) }
    }

    func setNull(at parameter: Int32) { put(.null, at: parameter) }

    func set(_ value: Int64, at parameter: Int32) {
        switch types[Int(parameter) - 1] {
        case .boolean: put(.boolean(value != 0), at: parameter)
        case .doublePrecision: put(.double(Double(value)), at: parameter)
        default: put(.bigint(value), at: parameter)
        }
    }

    func set(_ value: Double, at parameter: Int32) { put(.double(value), at: parameter) }

    func set(_ value: String, at parameter: Int32) {
        // PostgreSQL's text types cannot hold U+0000 (SQLite's can), nor jsonb the escape of it.
        switch types[Int(parameter) - 1] {
        case .jsonb:
            guard !value.contains("\\u0000") else { return fail(.textContainsNUL, at: parameter) }
            put(.jsonb(value), at: parameter)
        case .numeric:
            guard let decimal = Decimal(string: value, locale: Locale(identifier: "en_US_POSIX")) else {
                return fail(.valueOfWrongType(expected: "a decimal number", found: value), at: parameter)
            }
            put(.numeric(decimal), at: parameter)
        default:
            guard !value.utf8.contains(0) else { return fail(.textContainsNUL, at: parameter) }
            put(.text(value), at: parameter)
        }
    }

    func set(_ value: Data, at parameter: Int32) {
        if types[Int(parameter) - 1] == .uuid, value.count == 16 {
            return put(.uuid(value.withUnsafeBytes { UUID(uuid: $0.loadUnaligned(as: uuid_t.self)) }), at: parameter)
        }
        put(.bytea(value), at: parameter)
    }

    func set(_ value: Bool, at parameter: Int32) { put(.boolean(value), at: parameter) }
    func set(_ value: UUID, at parameter: Int32) { put(.uuid(value), at: parameter) }
    func set(_ value: Date, at parameter: Int32) { put(.double(value.timeIntervalSinceReferenceDate), at: parameter) }
    func set(_ value: Decimal, at parameter: Int32) { put(.numeric(value), at: parameter) }
    func setKey(_ rowID: Int64, at parameter: Int32) { put(.bigint(rowID), at: parameter) }
}
#endif
