import Foundation
import OpenSwiftData

extension SyncValue {
    /// An attribute's value as a snapshot holds it; nil for a relationship's value.
    init?(attribute value: DefaultSnapshot.Value) {
        switch value {
        case .null: self = .null
        case .integer(let number): self = .integer(number)
        case .real(let number): self = .real(number)
        case .text(let text): self = .text(text)
        case .bytes(let data): self = .bytes(data)
        case .model, .models: return nil
        }
    }

    /// The value in the form the store writes an attribute; nil for a relationship's value.
    var attributeValue: DefaultSnapshot.Value? {
        switch self {
        case .null: .null
        case .integer(let number): .integer(number)
        case .real(let number): .real(number)
        case .text(let text): .text(text)
        case .bytes(let data): .bytes(data)
        case .reference, .references: nil
        }
    }

    /// The sync IDs a relationship's value names, in order.
    var referencedIDs: [UUID] {
        switch self {
        case .reference(let id): [id]
        case .references(let ids): ids
        default: []
        }
    }
}
