import Foundation
import GRDB

extension DefaultSnapshot {
    /// One property's value in a snapshot: an attribute in the form the SQLite store
    /// writes it (so that any attribute type round-trips through JSON without its
    /// Swift type being written down), or the identifiers a relationship holds.
    public enum Value: Hashable, Sendable, Codable {
        case null
        case integer(Int64)
        case real(Double)
        case text(String)
        case bytes(Data)
        /// A to-one relationship's model.
        case model(PersistentIdentifier)
        /// A to-many relationship's models, in order.
        case models([PersistentIdentifier])

        init(_ value: DatabaseValue) {
            switch value.storage {
            case .null: self = .null
            case .int64(let number): self = .integer(number)
            case .double(let number): self = .real(number)
            case .string(let string): self = .text(string)
            case .blob(let data): self = .bytes(data)
            }
        }

        /// The attribute value as SQLite holds it; nil for a relationship.
        var databaseValue: DatabaseValue? {
            switch self {
            case .null: .null
            case .integer(let number): number.databaseValue
            case .real(let number): number.databaseValue
            case .text(let string): string.databaseValue
            case .bytes(let data): data.databaseValue
            case .model, .models: nil
            }
        }

        /// The same value with its identifiers replaced where `map` names them.
        func remapped(_ map: [PersistentIdentifier: PersistentIdentifier]) -> Value {
            switch self {
            case .model(let id): .model(map[id] ?? id)
            case .models(let ids): .models(ids.map { map[$0] ?? $0 })
            default: self
            }
        }
    }
}
