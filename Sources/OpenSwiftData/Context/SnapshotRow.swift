import Foundation
import GRDB

/// How a ``DefaultSnapshot`` becomes a model: as a one-row `SELECT` of its values,
/// bound as parameters, read by the model's generated `init(_$reader:)` as any
/// fetched row is. Models of a custom store are thus made, and refreshed, by the
/// same code as the SQLite store's, attribute codecs and all.
struct SnapshotRow {
    let sql: String
    /// For each property, its result column (from 1; the row number is 0), or -1
    /// for a to-many relationship, which loads on first access.
    let columns: [Int32]
    private let properties: [StoredProperty]

    init(_ entity: Schema.Entity) {
        var selected = ["?1 AS \"Z_PK\""]
        var columns: [Int32] = []
        var properties: [StoredProperty] = []
        for property in entity.persistedProperties {
            if let relationship = property.relationship, !relationship.isToOneRelationship {
                columns.append(-1)
                continue
            }
            properties.append(property)
            selected.append("?\(selected.count + 1) AS \(property.name.quotedIdentifier)")
            columns.append(Int32(selected.count - 1))
        }
        self.sql = "SELECT " + selected.joined(separator: ", ")
        self.columns = columns
        self.properties = properties
    }

    /// The parameters of the snapshot's row: its row number, each attribute as stored,
    /// each to-one relationship as its model's row number. A property the snapshot
    /// lacks is NULL, which a non-optional property reports as a missing value.
    func arguments(for snapshot: DefaultSnapshot) -> [DatabaseValue] {
        var arguments: [DatabaseValue] = [snapshot.persistentIdentifier.rowID.databaseValue]
        arguments.reserveCapacity(properties.count + 1)
        for property in properties {
            switch snapshot.values[property.name] {
            case .model(let id)?: arguments.append(id.rowID.databaseValue)
            case let value?: arguments.append(value.databaseValue ?? .null)
            case nil: arguments.append(.null)
            }
        }
        return arguments
    }
}
