import Foundation
import GRDB

/// SQL functions (and a collation) that run Swift's own String and Decimal code, for the predicate forms whose
/// meaning SQLite's built-ins do not share (Unicode case folding, diacritics,
/// locale order). Installed once per connection, on first use.
enum SQLFunctions {
    static let localizedStandardContains = "osd_localized_standard_contains"
    static let caseInsensitiveCompare = "osd_case_insensitive_compare"
    static let localizedCompare = "osd_localized_compare"

    private static func text2(_ name: String, _ body: @escaping @Sendable (String, String) -> (any DatabaseValueConvertible)?) -> DatabaseFunction {
        DatabaseFunction(name, argumentCount: 2, pure: true) { values in
            guard let a = String.fromDatabaseValue(values[0]), let b = String.fromDatabaseValue(values[1]) else { return nil }
            return body(a, b)
        }
    }

    private static let functions: [DatabaseFunction] = [
        text2(localizedStandardContains) { $0.localizedStandardContains($1) },
        text2(caseInsensitiveCompare) { $0.caseInsensitiveCompare($1).rawValue },
        text2(localizedCompare) { $0.localizedCompare($1).rawValue },
    ]

    /// Orders decimal text exactly, as `Decimal.<` does: `CAST(... AS REAL)` cannot tell
    /// apart decimals that differ beyond a double's 15-17 digits.
    static let decimalCollation = "osd_decimal"

    private static let decimal = DatabaseCollation(decimalCollation) { lhs, rhs in
        let posix = Locale(identifier: "en_US_POSIX")
        guard let a = Decimal(string: lhs, locale: posix), let b = Decimal(string: rhs, locale: posix) else {
            return lhs < rhs ? .orderedAscending : lhs == rhs ? .orderedSame : .orderedDescending
        }
        return a < b ? .orderedAscending : a == b ? .orderedSame : .orderedDescending
    }

    private static let lock = NSLock()
    nonisolated(unsafe) private static var installed: [ObjectIdentifier: WeakDatabase] = [:]

    private struct WeakDatabase { weak var database: Database? }

    /// Adds the functions to the connection unless they are there already.
    /// (Redefining a function would expire every prepared statement.)
    static func install(in db: Database) {
        lock.lock()
        defer { lock.unlock() }
        let key = ObjectIdentifier(db)
        if installed[key]?.database === db { return }
        installed = installed.filter { $0.value.database != nil }
        for function in functions { db.add(function: function) }
        db.add(collation: decimal)
        installed[key] = WeakDatabase(database: db)
    }
}
