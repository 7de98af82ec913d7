import Foundation

extension SQLDialect {
    /// The SQL that reads `field` out of the JSON in `column`, NULL when the key is
    /// missing or null, or why this dialect cannot read it as Swift does.
    ///
    /// An index on a field (`#Index<Trip>([\.address.city])`) is made on exactly this
    /// expression, over the bare column, so that the planner matches the two.
    ///
    /// SQLite's `json_extract` gives a string as TEXT, an integer as INTEGER and
    /// `true`/`false` as 1/0, as the columns of those types hold them; its reading of a
    /// JSON number with a fraction is not always the nearest double, so a `Double` or
    /// `Date` field is left to Swift there. PostgreSQL reads `jsonb` with `->`/`->>` and casts
    /// the text of a scalar; its `double precision` input is correctly rounded.
    ///
    /// `inexactNumbers`: read a `Double` or `Date` field on SQLite too, for a narrowing
    /// that allows for SQLite's reading (see `PredicateExpressions+NumberFields`).
    func jsonFieldSQL(_ column: SQLFragment, _ field: JSONField, inexactNumbers: Bool = false) throws(UnsupportedPredicate) -> SQLFragment {
        let (prefix, suffix) = try jsonFieldWrapping(field, inexactNumbers: inexactNumbers)
        return "\(SQLFragment(sql: prefix))\(column)\(SQLFragment(sql: suffix))"
    }

    /// The same, over a column named in SQL, for a store of this package; nil where the
    /// field stays in Swift.
    package func jsonField(column: String, _ field: JSONField) -> String? {
        guard let (prefix, suffix) = try? jsonFieldWrapping(field) else { return nil }
        return prefix + column + suffix
    }

    /// What goes before and after the column.
    private func jsonFieldWrapping(_ field: JSONField, inexactNumbers: Bool = false) throws(UnsupportedPredicate) -> (String, String) {
        guard !field.path.isEmpty, field.path.allSatisfy(JSONField.isPlainKey) else {
            throw UnsupportedPredicate("a field whose coding key is not a plain identifier")
        }
        switch self {
        case .sqlite:
            if field.kind == .real, !inexactNumbers {
                throw UnsupportedPredicate("a Double or Date field of a Codable attribute: SQLite does not always read a JSON number as the nearest Double")
            }
            return ("json_extract(", ", '\(field.sqlitePath)')")
        case .postgres:
            let steps = field.path.dropLast().map { "->'\($0)'" }.joined()
            let last = field.path[field.path.count - 1]
            let access = steps + (field.kind == .object ? "->'\(last)'" : "->>'\(last)'")
            return switch field.kind {
            case .text, .uuid, .object: ("(", "\(access))")
            case .integer: ("((", "\(access))::bigint)")
            case .boolean: ("((", "\(access))::boolean)")
            case .real: ("((", "\(access))::double precision)")
            }
        }
    }
}
