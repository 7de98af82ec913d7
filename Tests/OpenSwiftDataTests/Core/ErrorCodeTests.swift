import Foundation
import OpenSwiftData
import Testing

/// An error is matched by its code and read through its fields, as a user outside the
/// package does: no `switch` over every kind that a new release would break.
@Suite struct ErrorCodeTests {
    private func duplicateLabelSave() throws -> ModelContext {
        let context = ModelContext(try inMemoryContainer(Tag.self))
        let first = Tag(label: "a"), second = Tag(label: "b")
        context.insert(first); context.insert(second)
        try context.save()
        // An insert of a taken key is an upsert, as in SwiftData; a change to one is refused.
        second.label = "a"
        return context
    }

    @Test func aSaveErrorIsCaughtByItsCode() throws {
        let context = try duplicateLabelSave()
        var caught = false
        do {
            try context.save()
        } catch OpenSwiftDataError.Code.uniqueConstraintViolated {
            caught = true
        }
        #expect(caught)
    }

    @Test func aUniqueViolationNamesItsEntityAndProperties() throws {
        let context = try duplicateLabelSave()
        let error = try #require(throws: OpenSwiftDataError.self) { try context.save() }
        #expect(error.code == .uniqueConstraintViolated)
        #expect(error.entityName == "Tag")
        #expect(error.propertyNames == ["label"])
        #expect(error.path == nil)
    }

    @Test func aDeniedDeleteCountsTheModelsThatHoldIt() throws {
        let context = ModelContext(try inMemoryContainer(Library.self, Shelf.self))
        let library = Library(name: "City")
        context.insert(library)
        library.shelves = [Shelf(code: "A"), Shelf(code: "B")]
        try context.save()
        context.delete(library)
        let error = try #require(throws: OpenSwiftDataError.self) { try context.save() }
        #expect(error.code == .deleteDenied)
        #expect(error.entityName == "Library")
        #expect(error.propertyNames == ["shelves"])
        #expect(error.rowCount == 2)
    }

    @Test func aCodeMatchesTheExplanationASwiftDataErrorCarries() throws {
        let store = TestStore()
        try Data("plain text where a store should be, long enough for a header".utf8).write(to: store.url)
        var caught = false
        do {
            _ = try store.container(Tag.self)
        } catch OpenSwiftDataError.Code.storeDamaged {
            caught = true
        } catch {
            Issue.record("expected a damaged store, got \(error)")
        }
        #expect(caught)
    }

    @Test func aDamagedStoreNamesItsPathAndDamage() throws {
        let store = TestStore()
        try Data("plain text where a store should be, long enough for a header".utf8).write(to: store.url)
        let thrown = try #require(throws: (any Error).self) { _ = try store.container(Tag.self) }
        let error = try #require(OpenSwiftDataError(explaining: thrown))
        #expect(error.code == .storeDamaged)
        #expect(error.path == store.url.path)
        #expect(error.storeDamage == .notSQLite)
    }

    @Test func aCodePrintsAsItsNameAndIsMadeBackFromIt() {
        #expect(OpenSwiftDataError.Code.storeBusy.description == "storeBusy")
        #expect(OpenSwiftDataError.Code(rawValue: "rowDeleted") == .rowDeleted)
        #expect(OpenSwiftDataError.rowDeleted(entity: "Tag").code.rawValue == "rowDeleted")
    }

    @Test func errorsOfOneCodeWithOtherDetailsAreNotEqual() {
        #expect(OpenSwiftDataError.rowDeleted(entity: "Tag") != OpenSwiftDataError.rowDeleted(entity: "Book"))
        #expect(OpenSwiftDataError.rowDeleted(entity: "Tag") == OpenSwiftDataError.rowDeleted(entity: "Tag"))
    }
}
