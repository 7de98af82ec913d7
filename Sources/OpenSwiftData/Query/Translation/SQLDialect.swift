/// The SQL a predicate translates to: SQLite's (the engine's store), or PostgreSQL's
/// (for the PostgreSQL store of this package). Each difference is one member here;
/// what PostgreSQL cannot say with the same meaning throws `UnsupportedPredicate`,
/// and runs in Swift.
package enum SQLDialect: Sendable {
    case sqlite, postgres

    /// A constant truth value.
    func boolean(_ value: Bool) -> SQLFragment {
        switch self {
        case .sqlite: SQLFragment(sql: value ? "1" : "0")
        case .postgres: SQLFragment(sql: value ? "TRUE" : "FALSE")
        }
    }

    /// Equality that treats NULL as a value (`nil == nil` is true, as in Swift).
    func nullSafeEquality(negated: Bool) -> SQLFragment {
        switch self {
        case .sqlite: SQLFragment(sql: negated ? "IS NOT" : "IS")
        case .postgres: SQLFragment(sql: negated ? "IS DISTINCT FROM" : "IS NOT DISTINCT FROM")
        }
    }

    /// An operand of a comparison, ordered as Swift orders its type: SQLite orders
    /// decimal text through the decimal collation, PostgreSQL orders text in code
    /// point order only under the "C" collation (its default follows the locale).
    func ordered(_ fragment: SQLFragment, _ kind: SQLExpression.ValueKind?) -> SQLFragment {
        switch (self, kind) {
        case (.sqlite, .decimal?): "\(fragment) COLLATE \(SQLFragment(sql: SQLFunctions.decimalCollation))"
        case (.postgres, .text?): "\(fragment) COLLATE \"C\""
        default: fragment
        }
    }

    /// A decimal operand of an equality: SQLite compares decimal text through the
    /// collation; PostgreSQL's NUMERIC compares exactly as it is.
    func decimalEquatable(_ fragment: SQLFragment) -> SQLFragment {
        switch self {
        case .sqlite: "\(fragment) COLLATE \(SQLFragment(sql: SQLFunctions.decimalCollation))"
        case .postgres: fragment
        }
    }

    /// A number as floating point, for `/` on integers.
    func real(_ fragment: SQLFragment) -> SQLFragment {
        switch self {
        case .sqlite: "CAST(\(fragment) AS REAL)"
        case .postgres: "(\(fragment))::double precision"
        }
    }

    /// True when `other` occurs in `base`.
    func contains(_ base: SQLFragment, _ other: SQLFragment) -> SQLFragment {
        switch self {
        case .sqlite: "(instr(\(base), \(other)) > 0)"
        case .postgres: "(strpos(\(base), \(other)) > 0)"
        }
    }

    /// True when `base` contains `lowercasedASCII` whatever the case of its ASCII letters,
    /// or has a character SQL does not decide (``undecidedBySearch(_:)``): every text a case-
    /// and diacritic-insensitive search for that text can match, and others, for Swift to decide.
    func containsIgnoringASCIICaseOrUndecided(_ base: SQLFragment, _ lowercasedASCII: SQLFragment) -> SQLFragment {
        switch self {
        case .sqlite: "(instr(lower(\(base)), \(lowercasedASCII)) > 0 OR \(undecidedBySearch(base)))"
        case .postgres: "(strpos(lower(\(base) COLLATE \"C\"), \(lowercasedASCII)) > 0 OR \(undecidedBySearch(base)))"
        }
    }

    /// True for a text an ASCII case-insensitive contains does not decide as Foundation's
    /// search does (``ASCIISearchRule``): one beyond ASCII, or beyond printable ASCII where
    /// Foundation's search may ignore control characters.
    ///
    /// On PostgreSQL, a text beyond ASCII in a UTF-8 database is one with more bytes than
    /// characters, a length compared at a fraction of a regular expression's cost on every
    /// row; a database in another encoding (asked once for the statement) is matched by the
    /// expression.
    func undecidedBySearch(_ base: SQLFragment) -> SQLFragment {
        let controlsDecided = ASCIISearchRule.decidesControlCharacters
        switch self {
        case .sqlite:
            return controlsDecided ? "(length(CAST(\(base) AS BLOB)) <> length(\(base)))" : "(\(base) GLOB '*[^ -~]*')"
        case .postgres:
            let pattern: SQLFragment = controlsDecided ? "'[^\\x01-\\x7f]'" : "'[^ -~]'"
            let utf8Test: SQLFragment = controlsDecided ? "octet_length(\(base)) <> char_length(\(base))" : "(\(base) COLLATE \"C\") ~ \(pattern)"
            return "(CASE WHEN (SELECT pg_catalog.getdatabaseencoding() = 'UTF8') THEN \(utf8Test) ELSE (\(base) COLLATE \"C\") ~ \(pattern) END)"
        }
    }

    /// Refuses, on PostgreSQL, what only SQLite's store offers: the engine's own SQL
    /// functions (Swift's string comparisons) and JSON arrays read through `json_each`.
    func require(sqliteOnly what: String) throws {
        if self == .postgres { throw UnsupportedPredicate("\(what), which runs in SQL only on the SQLite store") }
    }
}
