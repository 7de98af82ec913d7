import Foundation

/// One property's value on the wire: an attribute in the form the store writes it
/// (so any attribute type travels without its Swift type), or the sync IDs of the
/// models a relationship holds.
public enum SyncValue: Hashable, Codable, Sendable {
    /// No value (an optional attribute, or a to-one relationship with no model).
    case null
    /// An integer, a Bool, or an enum with an integer raw value.
    case integer(Int64)
    /// A floating-point number or a date.
    case real(Double)
    /// Text, a UUID, a URL, or a Codable value written as JSON.
    case text(String)
    /// Bytes.
    case bytes(Data)
    /// A to-one relationship's model.
    case reference(UUID)
    /// A to-many relationship's models, in order.
    case references([UUID])
}
