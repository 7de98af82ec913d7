#if PostgreSQL
import Foundation
import OpenSwiftData
import Testing

/// Which predicates the PostgreSQL store runs in SQL: the engine's translation in
/// PostgreSQL's dialect (no server needed to translate).
@Suite struct PostgresTranslationTests {
    private func condition(_ predicate: Predicate<Book>) throws -> TranslatedCondition {
        try TranslatedCondition(predicate, dialect: .postgres)
    }

    @Test func comparisonsStringsOptionalsAndLogicRunInSQL() throws {
        let wanted = ["Dune", "Emma"]
        let translated = try condition(#Predicate {
            ($0.pages >= 100 && $0.title.contains("e")) || $0.subtitle == nil || !wanted.contains($0.title) || $0.title.starts(with: "U")
        })
        #expect(translated.isComplete, "\(translated.reasons)")
        let sql = try #require(translated.sql)
        #expect(sql.contains("strpos(") && sql.contains("$1"))
        #expect(!sql.contains("?") && !sql.contains("instr(") && !sql.contains("GLOB"))
    }

    @Test func aNullSafeEqualityUsesIsNotDistinctFrom() throws {
        let other: String? = "x"
        let sql = try #require(try condition(#Predicate { $0.subtitle == other }).sql)
        #expect(sql.contains("IS NOT DISTINCT FROM"))
    }

    @Test func textOrderingComparesInCodePointOrder() throws {
        let sql = try #require(try condition(#Predicate { $0.title < "M" }).sql)
        #expect(sql.contains("COLLATE \"C\""))
    }

    @Test func capturedValuesKeepTheirSwiftValuesForTypedBinds() throws {
        let translated = try condition(#Predicate { $0.pages > 300 && $0.title == "Dune" })
        #expect(translated.arguments.compactMap { $0.constant as? Int } == [300])
        #expect(translated.arguments.compactMap { $0.constant as? String } == ["Dune"])
    }

    @Test func swiftsOwnStringComparisonStaysInSwift() throws {
        let translated = try condition(#Predicate { $0.title.localizedStandardContains("dune") })
        #expect(!translated.isComplete)
        #expect(translated.reasons.contains { $0.contains("SQLite store") })
    }

    @Test func aLocalizedSearchIsNarrowedInSQLByItsFoldedLowercaseText() throws {
        let search = "Pokémon"
        let translated = try condition(#Predicate { $0.pages > 0 && $0.title.localizedStandardContains(search) })
        #expect(!translated.isComplete)
        let sql = try #require(translated.sql)
        #expect(sql.contains("strpos(lower(") && sql.contains("octet_length("), "\(sql)")
        #expect(translated.arguments.compactMap { $0.constant as? String } == ["pokemon"])
    }

    @Test func aSearchForASCIITextLeavesToSwiftOnlyTheRowsBeyondASCII() throws {
        let translated = try condition(#Predicate { $0.pages > 0 && $0.title.localizedStandardContains("dune") })
        #expect(!translated.isComplete)
        let undecided = try #require(translated.undecided)
        #expect(undecided.contains("octet_length(") && undecided.contains("getdatabaseencoding") && !undecided.contains("$"), "\(undecided)")
    }

    @Test func aSearchWithADiacriticLeavesEveryKeptRowToSwift() throws {
        #expect(try condition(#Predicate { $0.title.localizedStandardContains("Pokémon") }).undecided == nil)
    }

    @Test func anEmptySearchLeavesEveryKeptRowToSwift() throws {
        #expect(try condition(#Predicate { $0.title.localizedStandardContains("") }).undecided == nil)
    }

    @Test func aSearchBesideAConditionOnlySwiftCanTellLeavesEveryKeptRowToSwift() throws {
        let same = ComparisonResult.orderedSame
        let translated = try condition(#Predicate { $0.title.localizedStandardContains("dune") && $0.title.caseInsensitiveCompare("x") == same })
        #expect(translated.undecided == nil)
    }

    @Test func aNegatedLocalizedSearchIsNotNarrowed() throws {
        #expect(try condition(#Predicate { !$0.title.localizedStandardContains("dune") }).sql == nil)
    }

    @Test func aLocalizedSearchAsAnOperandOfOrIsNotNarrowed() throws {
        #expect(try condition(#Predicate { $0.title.localizedStandardContains("dune") || $0.pages > 5 }).sql == nil)
    }

    @Test func aSearchForTextBeyondASCIIIsNotNarrowed() throws {
        #expect(try condition(#Predicate { $0.title.localizedStandardContains("日本") }).sql == nil)
    }
}
#endif
