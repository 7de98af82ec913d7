import Foundation
import OpenSwiftData

/// How a row's cell becomes a snapshot value without passing through its Swift value,
/// for the attribute types whose snapshot form (the SQLite store's) is the cell's value
/// itself: integers, doubles and dates, text, booleans, UUIDs and data. Reading 200,000
/// rows of ten columns, the way through the Swift value (decode to `Any`, then encode
/// again) took more instructions than the server's rows themselves.
///
/// Other types (enums, narrower integers, `Decimal`, `URL`, JSON values), and a NULL
/// where the attribute is not optional, take the codec's way, which checks them.
struct PostgresDirectRead {
    private enum Form { case integer, real, text, boolean, uuid, bytes }
    private let form: Form
    private let isOptional: Bool

    /// Nil for a type whose cells must go through its Swift value.
    init?(valueType: Any.Type) {
        let forms: [ObjectIdentifier: (Form, Bool)] = [
            ObjectIdentifier(Int.self): (.integer, false), ObjectIdentifier(Int?.self): (.integer, true),
            ObjectIdentifier(Int64.self): (.integer, false), ObjectIdentifier(Int64?.self): (.integer, true),
            ObjectIdentifier(Double.self): (.real, false), ObjectIdentifier(Double?.self): (.real, true),
            ObjectIdentifier(Date.self): (.real, false), ObjectIdentifier(Date?.self): (.real, true),
            ObjectIdentifier(String.self): (.text, false), ObjectIdentifier(String?.self): (.text, true),
            ObjectIdentifier(Bool.self): (.boolean, false), ObjectIdentifier(Bool?.self): (.boolean, true),
            ObjectIdentifier(UUID.self): (.uuid, false), ObjectIdentifier(UUID?.self): (.uuid, true),
            ObjectIdentifier(Data.self): (.bytes, false), ObjectIdentifier(Data?.self): (.bytes, true),
        ]
        guard let (form, isOptional) = forms[ObjectIdentifier(valueType)] else { return nil }
        self.form = form
        self.isOptional = isOptional
    }

    /// The snapshot value of the cell; nil when the cell is not of the attribute's
    /// column type, or NULL for an attribute that is not optional.
    func snapshotValue(of stored: PostgresValue) -> DefaultSnapshot.Value? {
        switch (form, stored) {
        case (_, .null): isOptional ? .null : nil
        case let (.integer, .bigint(integer)): .integer(integer)
        case let (.real, .double(double)): .real(double)
        case let (.text, .text(text)): .text(text)
        case let (.boolean, .boolean(bool)): .integer(bool ? 1 : 0)
        case let (.uuid, .uuid(uuid)): .bytes(withUnsafeBytes(of: uuid.uuid) { Data($0) })
        case let (.bytes, .bytea(data)): .bytes(data)
        default: nil
        }
    }
}
