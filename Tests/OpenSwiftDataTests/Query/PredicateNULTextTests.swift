import Foundation
import OpenSwiftData
import QueryOracle
import Testing

/// Captured text holding NUL is compared whole, as Swift compares it: found by the
/// predicate fuzz target (`Fuzz/`), where `nickname == "\0"` selected the row whose
/// nickname is "" (the captured text was bound as a C string, cut at the NUL), and
/// `name.starts(with: "\0\0")` selected the row named "" (GLOB ends its pattern at a NUL),
/// and `localizedStandardContains` searched only the text before a NUL.
@Suite struct PredicateNULTextTests {
    let container: ModelContainer

    init() throws {
        container = try ModelContainer(for: Specimen.self, Keeper.self, Club.self, Label.self,
                                       configurations: ModelConfiguration(isStoredInMemoryOnly: true))
        let setup = ModelContext(container)
        setup.insert(Specimen(name: "a", nickname: ""))
        setup.insert(Specimen(name: "a\u{0}b", nickname: "\u{0}"))
        setup.insert(Specimen(name: "a\u{0}c", nickname: nil))
        setup.insert(Specimen(name: "", nickname: "z"))
        try setup.save()
    }

    func names(_ predicate: Predicate<Specimen>) throws -> Set<String> {
        Set(try ModelContext(container).fetch(FetchDescriptor(predicate: predicate)).map(\.name))
    }

    @Test func capturedTextWithNULSelectsOnlyTheRowHoldingIt() throws {
        let name = "a\u{0}b"
        #expect(try names(#Predicate { $0.name == name }) == ["a\u{0}b"])
    }

    @Test func anOptionalCapturedNULIsNotTheEmptyText() throws {
        let nickname: String? = "\u{0}"
        #expect(try names(#Predicate { $0.nickname == nickname }) == ["a\u{0}b"])
    }

    @Test func aPrefixHoldingNULMatchesOnlyTextStartingWithIt() throws {
        #expect(try names(#Predicate { $0.name.starts(with: "a\u{0}") }) == ["a\u{0}b", "a\u{0}c"])
        #expect(try names(#Predicate { $0.name.starts(with: "\u{0}\u{0}") }).isEmpty)
    }

    /// Found next: SQLite's `substr` of an empty BLOB is NULL, so under `!` the empty name was lost.
    @Test func theEmptyTextDoesNotStartWithAPrefixHoldingNUL() throws {
        #expect(try names(#Predicate { !$0.name.starts(with: "\u{0}\u{0}") }) == ["a", "a\u{0}b", "a\u{0}c", ""])
    }

    @Test func aPrefixReadFromTheRowIsComparedWholeWhenItHoldsNUL() throws {
        #expect(try names(#Predicate { "a\u{0}b\u{0}".starts(with: $0.name) }) == ["a", "a\u{0}b", ""])
    }

    @Test func aLocalizedSearchReadsTextPastTheNUL() throws {
        #expect(try names(#Predicate { $0.name.localizedStandardContains("A\u{0}C") }) == ["a\u{0}c"])
    }

    @Test func textAfterTheNULCountsInAnOrder() throws {
        let bound = "a\u{0}b"
        #expect(try names(#Predicate { $0.name > bound }) == ["a\u{0}c"])
    }
}
