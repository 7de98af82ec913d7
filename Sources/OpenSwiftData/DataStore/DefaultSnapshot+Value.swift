import Foundation

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

        package init(_ value: StoredValue) {
            switch value {
            case .null: self = .null
            case .integer(let number): self = .integer(number)
            case .real(let number): self = .real(number)
            case .text(let string): self = .text(string)
            case .bytes(let data): self = .bytes(data)
            }
        }

        /// The attribute value in the engine's stored form; nil for a relationship.
        var storedValue: StoredValue? {
            switch self {
            case .null: .null
            case .integer(let number): .integer(number)
            case .real(let number): .real(number)
            case .text(let string): .text(string)
            case .bytes(let data): .bytes(data)
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
