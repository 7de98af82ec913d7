import Foundation

/// A ``DefaultSnapshot`` as a row that a model's generated `init(_$reader:)` reads, as
/// it reads any fetched row: models of a custom store are made, and refreshed, by the
/// same code as the SQLite store's, attribute codecs and all.
///
/// Column `i + 1` is the property at index `i` (an attribute or a to-one relationship,
/// which reads as its model's row number); a to-many relationship has none and loads
/// on first access. A property the snapshot lacks reads as NULL, which a non-optional
/// property reports as a missing value.
final class SnapshotRowSource: _RowSource {
    /// For each property, its column, or -1 for a to-many relationship.
    let columns: [Int32]
    private let names: [String]
    private var values: [DefaultSnapshot.Value] = []
    private(set) var rowID: Int64 = 0

    init(_ entity: Schema.Entity) {
        var columns: [Int32] = []
        var names: [String] = []
        for property in entity.persistedProperties {
            if let relationship = property.relationship, !relationship.isToOneRelationship {
                columns.append(-1)
                continue
            }
            names.append(property.name)
            columns.append(Int32(names.count))
        }
        self.columns = columns
        self.names = names
    }

    /// Makes the snapshot the current row.
    func load(_ snapshot: DefaultSnapshot) {
        rowID = snapshot.persistentIdentifier.rowID
        values = names.map { snapshot.values[$0] ?? .null }
    }

    private func value(_ column: Int32) -> DefaultSnapshot.Value { values[Int(column) - 1] }

    func columnName(at column: Int32) -> String { names[Int(column) - 1] }

    func isNull(at column: Int32) -> Bool { value(column) == .null }

    func storedValue(at column: Int32) -> StoredValue {
        switch value(column) {
        case .model(let id): .integer(id.rowID)
        case let value: value.storedValue ?? .null
        }
    }

    func integer(at column: Int32) throws(_UnreadableValue) -> Int64? {
        switch value(column) {
        case .null: return nil
        case .integer(let number): return number
        case .real(let number): return Int64(exactly: number.rounded(.towardZero)) ?? 0
        case .model(let id): return id.rowID
        case .text, .bytes, .models: throw _UnreadableValue()
        }
    }

    func real(at column: Int32) throws(_UnreadableValue) -> Double? {
        switch value(column) {
        case .null: return nil
        case .real(let number): return number
        case .integer(let number): return Double(number)
        case .text, .bytes, .model, .models: throw _UnreadableValue()
        }
    }

    func text(at column: Int32) throws(_UnreadableValue) -> String? {
        switch value(column) {
        case .null: return nil
        case .text(let text): return text
        case .integer(let number): return String(number)
        case .real(let number): return String(number)
        case .bytes(let data): return String(decoding: data, as: UTF8.self)
        case .model, .models: throw _UnreadableValue()
        }
    }

    func bytes(at column: Int32) throws(_UnreadableValue) -> Data? {
        switch value(column) {
        case .null: return nil
        case .bytes(let data): return data
        case .text(let text): return Data(text.utf8)
        case .integer, .real, .model, .models: throw _UnreadableValue()
        }
    }
}
