import Foundation
import GRDB

// String searches. `contains` and `starts(with:)` compare characters exactly, as
// Swift does, so they use `instr` and `GLOB` (case-sensitive), never `LIKE`. The
// case- and locale-aware forms call Swift itself through the functions of
// `SQLFunctions`, so they agree with `evaluate` by construction.

extension PredicateExpressions.CollectionContainsCollection: SQLTranslatable {
    func translate(in context: SQLTranslationContext) throws -> SQLExpression {
        let base = try context.translate(self.base), other = try context.translate(self.other)
        guard base.valueKind == .text, other.valueKind == .text else { throw UnsupportedPredicate(self) }
        return .boolean(context.dialect.contains(base.fragment, other.fragment), nullable: base.isNullable || other.isNullable)
    }
}

extension PredicateExpressions.SequenceStartsWith: SQLTranslatable {
    func translate(in context: SQLTranslationContext) throws -> SQLExpression {
        let base = try context.translate(self.base), prefix = try context.translate(self.prefix)
        guard base.valueKind == .text, prefix.valueKind == .text else { throw UnsupportedPredicate(self) }
        // GLOB and length() end text at its first NUL: a prefix holding one is compared as bytes.
        if context.dialect == .sqlite, let text = prefix.constant as? String, !text.utf8.contains(0) {
            // GLOB with the prefix's wildcards escaped is case-sensitive and can use an index.
            let pattern = text.reduce(into: "") { result, character in
                switch character {
                case "*": result += "[*]"
                case "?": result += "[?]"
                case "[": result += "[[]"
                default: result.append(character)
                }
            } + "*"
            return .boolean("(\(base) GLOB \(SQLFragment.argument(pattern.databaseValue)))", nullable: base.isNullable)
        }
        if context.dialect == .postgres {
            // PostgreSQL's text holds no NUL, and substr and length count characters.
            return .boolean("(substr(\(base), 1, length(\(prefix))) = \(prefix))", nullable: base.isNullable || prefix.isNullable)
        }
        // As bytes (a BLOB's length counts bytes, and NUL in it too): a prefix of
        // whole UTF-8 characters is a prefix of the bytes. `substr` of an empty BLOB is
        // NULL, not an empty BLOB: hence the CASE, which keeps NULL for a NULL side only.
        return .boolean("""
            (CASE WHEN \(base) IS NULL OR \(prefix) IS NULL THEN NULL \
            ELSE coalesce(substr(CAST(\(base) AS BLOB), 1, length(CAST(\(prefix) AS BLOB))), X'') = CAST(\(prefix) AS BLOB) END)
            """, nullable: base.isNullable || prefix.isNullable)
    }
}

extension SQLTranslationContext {
    /// A call of one of `SQLFunctions` on text arguments.
    func function(_ name: String, _ arguments: [Any], kind: SQLExpression.ValueKind) throws -> SQLExpression {
        try dialect.require(sqliteOnly: "Swift's own string comparison (\(name))")
        let translated = try arguments.map { try translate($0) }
        guard translated.allSatisfy({ $0.valueKind == .text }) else { throw UnsupportedPredicate("\(name) on values that are not strings") }
        usesFunctions = true
        // As BLOBs: GRDB reads a text argument as a C string, which would end at a NUL.
        let list = SQLFragment.joined(translated.map { "CAST(\($0.fragment) AS BLOB)" }, separator: ", ")
        return SQLExpression("\(SQLFragment(sql: name))(\(list))", .value(kind), nullable: translated.contains { $0.isNullable })
    }
}

#if !canImport(Darwin)
extension PredicateExpressions.StringLocalizedStandardContains: SQLTranslatable {
    /// On SQLite, Swift decides only the rows SQL cannot (``undecided(in:)``); the others,
    /// for a search of printable ASCII, are an ASCII case-insensitive `instr`, which is
    /// Swift's answer without a call into Swift for every row.
    func translate(in context: SQLTranslationContext) throws -> SQLExpression {
        let call = try context.function(SQLFunctions.localizedStandardContains, [root, other], kind: .boolean)
        // A search that is no constant (another property's value) has no undecided rows to tell.
        guard let undecided = try? undecided(in: context),
              let searched = try? String(other.evaluate(PredicateBindings())) else { return call }
        let base = try context.translate(root)
        let pattern = try context.constant(searched.lowercased())
        return SQLExpression("(CASE WHEN \(undecided) THEN \(call.fragment) ELSE instr(lower(\(base.fragment)), \(pattern.fragment)) > 0 END)",
                             .value(.boolean), nullable: call.isNullable)
    }
}

/// Where Swift decides the search (PostgreSQL), SQL keeps the rows whose text contains the
/// searched text folded to lowercase ASCII, and every row it cannot decide (beyond ASCII,
/// see `ASCIISearchRule`): an ASCII text matches only where its lowercase holds the folded
/// search, and anything else (`ß`, `æ`, ignorable characters) is left to Swift. A search whose
/// folded text is not printable ASCII, or that is not known before the fetch, is not narrowed.
extension PredicateExpressions.StringLocalizedStandardContains: SQLDecidingNarrowable {
    func narrowing(in context: SQLTranslationContext) throws -> SQLExpression {
        let base = try context.translate(root)
        guard base.valueKind == .text else { throw UnsupportedPredicate("localizedStandardContains on values that are not strings") }
        let searched = String(try other.evaluate(PredicateBindings()))
        let folded = searched.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: .current)
        guard folded.utf8.allSatisfy({ (0x20...0x7E).contains($0) }) else {
            throw UnsupportedPredicate("a search for text beyond printable ASCII")
        }
        let pattern = try context.constant(folded.lowercased())
        return .boolean(context.dialect.containsIgnoringASCIICaseOrUndecided(base.fragment, pattern.fragment),
                        nullable: base.isNullable)
    }

    /// The rows with a character beyond ASCII (`ASCIISearchRule`). On the others, a search
    /// that is itself printable ASCII is exactly an ASCII case-insensitive contains, which
    /// the narrowing says: no diacritic to ignore, no letter whose case folds beyond ASCII.
    /// Not where the language's own case rules differ (Turkish and Azeri dotted and
    /// dotless i), for an empty search (which Foundation finds nowhere) or a text that
    /// may be nil.
    func undecided(in context: SQLTranslationContext) throws -> SQLFragment? {
        let base = try context.translate(root)
        let searched = String(try other.evaluate(PredicateBindings()))
        guard !base.isNullable, !searched.isEmpty, searched.utf8.allSatisfy({ (0x20...0x7E).contains($0) }),
              !["tr", "az"].contains(Locale.current.language.languageCode?.identifier ?? "") else { return nil }
        return context.dialect.undecidedBySearch(base.fragment)
    }
}

extension PredicateExpressions.StringCaseInsensitiveCompare: SQLTranslatable {
    func translate(in context: SQLTranslationContext) throws -> SQLExpression {
        try context.function(SQLFunctions.caseInsensitiveCompare, [root, other], kind: .integer)
    }
}

extension PredicateExpressions.StringLocalizedCompare: SQLTranslatable {
    func translate(in context: SQLTranslationContext) throws -> SQLExpression {
        try context.function(SQLFunctions.localizedCompare, [root, other], kind: .integer)
    }
}

#endif
