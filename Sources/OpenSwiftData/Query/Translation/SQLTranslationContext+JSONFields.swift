import Foundation

/// The column a field of a `Codable` attribute is read from, and the field.
struct JSONFieldRead {
    var column: SQLFragment
    var field: JSONField

    /// True when the field is read out of `column`.
    func sharesColumn(with column: SQLFragment) -> Bool {
        self.column.sql == column.sql && self.column.arguments == column.arguments
    }
}

// Reading a field of a `Codable` struct attribute: `$0.address.city`.
extension SQLTranslationContext {
    /// `base[keyPath: keyPath]` where `base` is a `Codable` value stored as JSON: the
    /// attribute's column, or a struct field already read out of one.
    func jsonField(_ keyPath: AnyKeyPath, of base: SQLExpression, rootType: Any.Type, valueType: Any.Type,
                   read: (Any) -> Any?) throws -> SQLExpression {
        let field = try JSONField.resolve(keyPath, rootType: rootType, valueType: valueType,
                                          candidates: JSONField.candidatePaths(keyPath), read: read).get()
        let column = base.jsonRead?.column ?? base.fragment
        let whole = field.prefixed(by: base.jsonRead?.field.path ?? [])
        let fragment = try dialect.jsonFieldSQL(column, whole, inexactNumbers: readsInexactNumbers)
        let kind: SQLExpression.ValueKind = if whole.isEnumeration { .enumeration } else {
            switch whole.kind {
            case .text, .uuid: .text
            case .integer: .integer
            case .boolean: .boolean
            case .real: .real
            case .object: .json
            }
        }
        var result = SQLExpression(fragment, .value(kind), nullable: base.isNullable || whole.isOptional)
        result.jsonRead = JSONFieldRead(column: column, field: whole)
        result.isUUIDText = whole.kind == .uuid
        return result
    }
}

extension SQLExpression {
    /// This operand, to be compared or combined with `other`: a captured `UUID` beside a
    /// UUID field of a `Codable` attribute, which the JSON holds as its string, is bound
    /// as that string. Any other UUID cannot meet such a field in SQL (a `UUID` column
    /// holds 16 bytes), and is left to Swift.
    func matching(_ other: SQLExpression) throws -> SQLExpression {
        guard other.isUUIDText, !isUUIDText, valueKind != .null else { return self }
        guard let uuid = constant as? UUID else {
            throw UnsupportedPredicate("comparing a UUID field of a Codable attribute with a UUID that is not stored in the same JSON form")
        }
        var text = SQLExpression(.argument(uuid.uuidString.databaseValue, constant: uuid.uuidString), .value(.text), nullable: false,
                                  constant: uuid.uuidString)
        text.isUUIDText = true
        return text
    }
}
