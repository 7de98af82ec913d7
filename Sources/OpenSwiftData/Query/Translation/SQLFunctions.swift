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
            guard let a = argumentText(values[0]), let b = argumentText(values[1]) else { return nil }
            return body(a, b)
        }
    }

    /// Arguments come as BLOBs of UTF-8 (see `SQLTranslationContext.function`), NUL included.
    private static func argumentText(_ value: DatabaseValue) -> String? {
        if case .blob(let data) = value.storage { return String(decoding: data, as: UTF8.self) }
        return String.fromDatabaseValue(value)
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

    /// Sums decimal text exactly, as `Decimal.+` does: SQLite's `SUM` would add in
    /// binary floating point. The result is decimal text, as the store writes decimals.
    static let decimalSum = "osd_decimal_sum"

    private struct DecimalSum: DatabaseAggregate {
        var total = Decimal.zero
        var isEmpty = true

        mutating func step(_ values: [DatabaseValue]) throws {
            guard let text = String.fromDatabaseValue(values[0]) else { return }
            guard let value = Decimal(string: text, locale: Locale(identifier: "en_US_POSIX")) else {
                throw DatabaseError(message: "the stored value \"\(text.prefix(40))\" is not a decimal number")
            }
            total += value
            isEmpty = false
        }

        func finalize() -> (any DatabaseValueConvertible)? {
            isEmpty ? nil : NSDecimalNumber(decimal: total).description(withLocale: Locale(identifier: "en_US_POSIX"))
        }
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
        db.add(function: DatabaseFunction(decimalSum, argumentCount: 1, pure: true, aggregate: DecimalSum.self))
        db.add(collation: decimal)
        installed[key] = WeakDatabase(database: db)
    }
}
