import Foundation
import OpenSwiftData
import Testing

/// Lightweight migrations, applied when a store written by older model code opens
/// with newer code: the same on every store that migrates (not the JSON store: see
/// `StoreKind.Capability.migration`).
@Suite struct MigrationBehaviourTests {
    /// A store with two notes written by `NotesV1`.
    private func v1Store(_ kind: StoreKind) throws -> BehaviourStore {
        let store = try BehaviourStore(kind, for: [NotesV1.Note.self])
        let context = ModelContext(try store.container())
        let first = NotesV1.Note(title: "First")
        first.pages = 7
        context.insert(first)
        context.insert(NotesV1.Note(title: "Second"))
        try context.save()
        return store
    }

    @Test(arguments: StoreKind.available(for: .migration))
    func newAttributesTakeTheirDefaults(_ kind: StoreKind) throws {
        let store = try v1Store(kind)
        let notes = try ModelContext(try store.container(for: [NotesV2.Note.self])).fetch(FetchDescriptor<NotesV2.Note>(sortBy: [SortDescriptor(\.title)]))
        #expect(notes.map(\.title) == ["First", "Second"])
        #expect(notes.allSatisfy { $0.body == nil && $0.stars == 3 })
    }

    @Test(arguments: StoreKind.available(for: .migration))
    func aRenamedAttributeKeepsItsValues(_ kind: StoreKind) throws {
        let store = try v1Store(kind)
        let notes = try ModelContext(try store.container(for: [NotesV2.Note.self])).fetch(FetchDescriptor<NotesV2.Note>(sortBy: [SortDescriptor(\.title)]))
        #expect(notes.map(\.sheets) == [7, 1])
    }

    @Test(arguments: StoreKind.available(for: .migration))
    func aNewAttributeTakesValuesSavedAfterTheMigration(_ kind: StoreKind) throws {
        let store = try v1Store(kind)
        let context = ModelContext(try store.container(for: [NotesV2.Note.self]))
        let notes = try context.fetch(FetchDescriptor<NotesV2.Note>(sortBy: [SortDescriptor(\.title)]))
        notes[0].body = "written after the migration"
        try context.save()
        let reread = try ModelContext(try store.container(for: [NotesV2.Note.self])).fetch(FetchDescriptor<NotesV2.Note>(predicate: #Predicate { $0.body != nil }))
        #expect(reread.map(\.title) == ["First"])
    }

    @Test(arguments: StoreKind.available(for: .migration))
    func aNewRequiredAttributeWithoutADefaultIsRefusedNamingIt(_ kind: StoreKind) throws {
        let store = try v1Store(kind)
        let error = #expect(throws: (any Error).self) { try store.container(for: [NotesWithWords.Note.self]) }
        #expect("\(error.map { "\($0)" } ?? "")".contains("Note.words"))
        // Nothing changed: the old program still reads its notes.
        #expect(try ModelContext(try store.container()).fetchCount(FetchDescriptor<NotesV1.Note>()) == 2)
    }

    @Test(arguments: StoreKind.available(for: .migration))
    func aChangedTypeIsRefusedNamingTheProperty(_ kind: StoreKind) throws {
        let store = try v1Store(kind)
        let error = #expect(throws: (any Error).self) { try store.container(for: [NotesWithTextPages.Note.self]) }
        #expect("\(error.map { "\($0)" } ?? "")".contains("Note.pages"))
        #expect(try ModelContext(try store.container()).fetch(FetchDescriptor<NotesV1.Note>(sortBy: [SortDescriptor(\.title)])).map(\.pages) == [7, 1])
    }

    @Test(arguments: StoreKind.available(for: .migration))
    func aRemovedAttributeKeepsItsValuesAndTheyComeBackWithIt(_ kind: StoreKind) throws {
        let store = try v1Store(kind)
        let context = ModelContext(try store.container(for: [NotesWithoutPages.Note.self]))
        #expect(try context.fetchCount(FetchDescriptor<NotesWithoutPages.Note>()) == 2)
        context.insert(NotesWithoutPages.Note(title: "Third"))
        try context.save()
        let notes = try ModelContext(try store.container()).fetch(FetchDescriptor<NotesV1.Note>(sortBy: [SortDescriptor(\.title)]))
        #expect(notes.map(\.title) == ["First", "Second", "Third"])
        // The kept values, and the declared default for the note written while the attribute was gone.
        #expect(notes.map(\.pages) == [7, 1, 1])
    }

    @Test(arguments: StoreKind.available(for: .migration))
    func anAttributeAddedBackAsAnotherRequiredTypeWithoutADefaultIsRefused(_ kind: StoreKind) throws {
        let store = try v1Store(kind)
        _ = try store.container(for: [NotesWithoutPages.Note.self])
        // The kept integers cannot be the new text: every note would lack a value.
        let error = #expect(throws: (any Error).self) { try store.container(for: [NotesWithRequiredTextPages.Note.self]) }
        #expect("\(error.map { "\($0)" } ?? "")".contains("Note.pages"))
        #expect(try ModelContext(try store.container(for: [NotesWithoutPages.Note.self])).fetchCount(FetchDescriptor<NotesWithoutPages.Note>()) == 2)
    }
}
