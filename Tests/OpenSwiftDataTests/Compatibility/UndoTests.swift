import Foundation
import OpenSwiftData
import Testing

/// `ModelContext.undoManager`: what one `undo()` reverts, what `redo()` puts back, and
/// what is never recorded.
@Suite struct UndoTests {
    let store = TestStore()

    private func context() throws -> ModelContext {
        let context = ModelContext(try store.container(Author.self, Book.self, Tag.self))
        context.undoManager = UndoManager()
        return context
    }

    private func savedAuthor(_ context: ModelContext, named name: String = "Le Guin") throws -> Author {
        let author = Author(name: name)
        context.insert(author)
        try context.save()
        context.undoManager?.removeAllActions()
        return author
    }

    /// As Foundation's: the context keeps its undo manager, which would otherwise keep the context.
    @Test func anUndoManagerDoesNotKeepTheTargetsOfItsActions() {
        final class Target {}
        let manager = UndoManager()
        weak var released: Target?
        do {
            let target = Target()
            released = target
            manager.registerUndo(withTarget: target) { _ in }
        }
        #expect(released == nil)
        #expect(manager.canUndo)
        manager.undo()
    }

    @Test func withoutAnUndoManagerNothingIsRecorded() throws {
        let context = ModelContext(try store.container(Author.self, Book.self, Tag.self))
        #expect(context.undoManager == nil)
        context.insert(Author(name: "Butler"))
        try context.save()
        #expect(try context.fetchCount(FetchDescriptor<Author>()) == 1)
    }

    @Test func undoPutsBackTheOldValueOfAnAttribute() throws {
        let context = try context()
        let author = try savedAuthor(context)
        author.name = "Ursula K. Le Guin"
        context.undoManager?.undo()
        #expect(author.name == "Le Guin")
    }

    @Test func redoReappliesTheUndoneValue() throws {
        let context = try context()
        let author = try savedAuthor(context)
        author.name = "Ursula K. Le Guin"
        context.undoManager?.undo()
        context.undoManager?.redo()
        #expect(author.name == "Ursula K. Le Guin")
        #expect(context.undoManager?.canUndo == true)
        #expect(context.undoManager?.canRedo == false)
    }

    @Test func oneUndoRevertsEveryChangeSinceTheLastSave() throws {
        let context = try context()
        let author = try savedAuthor(context)
        author.name = "first"
        author.name = "second"
        context.insert(Book(title: "The Dispossessed", author: author))
        context.undoManager?.undo()
        #expect(author.name == "Le Guin")
        #expect(author.books.isEmpty)
        #expect(context.insertedModelsArray.isEmpty)
        #expect(context.undoManager?.canUndo == false)
    }

    @Test func processPendingChangesEndsAnUndoGroup() throws {
        let context = try context()
        let author = try savedAuthor(context)
        author.name = "first"
        context.processPendingChanges()
        author.name = "second"
        context.undoManager?.undo()
        #expect(author.name == "first")
        context.undoManager?.undo()
        #expect(author.name == "Le Guin")
    }

    @Test func undoingAnUnsavedInsertTakesTheModelOutOfTheContext() throws {
        let context = try context()
        let author = Author(name: "Jemisin")
        context.insert(author)
        context.undoManager?.undo()
        #expect(author.modelContext == nil)
        #expect(!context.hasChanges)
        try context.save()
        #expect(try context.fetchCount(FetchDescriptor<Author>()) == 0)
    }

    @Test func redoingAnUndoneInsertInsertsAgain() throws {
        let context = try context()
        let author = Author(name: "Jemisin")
        context.insert(author)
        context.undoManager?.undo()
        context.undoManager?.redo()
        try context.save()
        #expect(try ModelContext(context.container).fetch(FetchDescriptor<Author>()).map(\.name) == ["Jemisin"])
    }

    @Test func undoingAnInsertThatWasSavedDeletesTheModel() throws {
        let context = try context()
        context.insert(Author(name: "Jemisin"))
        try context.save()
        context.undoManager?.undo()
        try context.save()
        #expect(try ModelContext(context.container).fetchCount(FetchDescriptor<Author>()) == 0)
    }

    @Test func undoingAPendingDeleteKeepsTheModel() throws {
        let context = try context()
        let author = try savedAuthor(context)
        context.delete(author)
        context.undoManager?.undo()
        #expect(!author.isDeleted)
        try context.save()
        #expect(try ModelContext(context.container).fetchCount(FetchDescriptor<Author>()) == 1)
    }

    @Test func undoingADeleteAlsoBringsBackWhatItCascadedTo() throws {
        let context = try context()
        let author = try savedAuthor(context)
        let book = Book(title: "Lathe of Heaven", author: author)
        context.insert(book)
        try context.save()
        context.undoManager?.removeAllActions()
        context.delete(author)
        context.processPendingChanges()
        #expect(book.isDeleted)
        context.undoManager?.undo()
        #expect(!author.isDeleted)
        #expect(!book.isDeleted)
        try context.save()
        let fresh = ModelContext(context.container)
        #expect(try fresh.fetch(FetchDescriptor<Book>()).map { $0.author?.name } == ["Le Guin"])
    }

    @Test func undoingASavedDeleteInsertsTheModelAgainWithItsValues() throws {
        let context = try context()
        let author = try savedAuthor(context)
        context.delete(author)
        try context.save()
        context.undoManager?.undo()
        try context.save()
        #expect(try ModelContext(context.container).fetch(FetchDescriptor<Author>()).map(\.name) == ["Le Guin"])
    }

    @Test func undoingAToOneChangeAlsoRestoresTheInverse() throws {
        let context = try context()
        let first = try savedAuthor(context, named: "first")
        let second = try savedAuthor(context, named: "second")
        let book = Book(title: "Kindred", author: first)
        context.insert(book)
        try context.save()
        context.undoManager?.removeAllActions()
        book.author = second
        #expect(second.books.count == 1)
        context.undoManager?.undo()
        #expect(book.author === first)
        #expect(first.books.map(\.title) == ["Kindred"])
        #expect(second.books.isEmpty)
    }

    @Test func undoingAnAppendToAToManyRelationshipRemovesTheMember() throws {
        let context = try context()
        let author = try savedAuthor(context)
        let book = Book(title: "Kindred")
        context.insert(book)
        try context.save()
        context.undoManager?.removeAllActions()
        author.books.append(book)
        context.undoManager?.undo()
        #expect(author.books.isEmpty)
        #expect(book.author == nil)
    }

    @Test func rollbackClearsTheUndoStack() throws {
        let context = try context()
        let author = try savedAuthor(context)
        author.name = "changed"
        context.rollback()
        #expect(author.name == "Le Guin")
        #expect(context.undoManager?.canUndo == false)
    }

    @Test func valuesMergedFromAnotherContextAreNotRecorded() throws {
        let context = try context()
        let author = try savedAuthor(context)
        let other = ModelContext(context.container)
        let copy = try #require(try other.fetch(FetchDescriptor<Author>()).first)
        copy.name = "from elsewhere"
        try other.save()
        _ = try context.fetch(FetchDescriptor<Author>())
        #expect(author.name == "from elsewhere")
        #expect(context.undoManager?.canUndo == false)
    }

    @Test func disabledRegistrationRecordsNothing() throws {
        let context = try context()
        let author = try savedAuthor(context)
        context.undoManager?.disableUndoRegistration()
        author.name = "unrecorded"
        context.undoManager?.enableUndoRegistration()
        #expect(context.undoManager?.canUndo == false)
    }
}

/// The `UndoManager` itself (Linux Foundation has none), with Foundation's rules.
@Suite struct UndoManagerTests {
    final class Counter { var value = 0 }

    private func increment(_ counter: Counter, on manager: UndoManager) {
        counter.value += 1
        manager.registerUndo(withTarget: counter) { counter in
            counter.value -= 1
            manager.registerUndo(withTarget: counter) { $0.value += 1 }
        }
    }

    @Test func explicitGroupsUndoTogether() {
        let manager = UndoManager()
        let counter = Counter()
        manager.beginUndoGrouping()
        increment(counter, on: manager)
        increment(counter, on: manager)
        manager.endUndoGrouping()
        manager.undo()
        #expect(counter.value == 0)
        manager.redo()
        #expect(counter.value == 2)
    }

    @Test func aNewRegistrationClearsTheRedoStack() {
        let manager = UndoManager()
        let counter = Counter()
        increment(counter, on: manager)
        manager.undo()
        #expect(manager.canRedo)
        increment(counter, on: manager)
        #expect(!manager.canRedo)
    }

    @Test func levelsOfUndoKeepsOnlyTheNewestGroups() {
        let manager = UndoManager()
        manager.levelsOfUndo = 2
        let counter = Counter()
        for _ in 0..<3 {
            manager.beginUndoGrouping()
            increment(counter, on: manager)
            manager.endUndoGrouping()
        }
        manager.undo()
        manager.undo()
        manager.undo()
        #expect(counter.value == 1)
    }

    @Test func theActionNameNamesTheGroupToUndo() {
        let manager = UndoManager()
        let counter = Counter()
        manager.beginUndoGrouping()
        increment(counter, on: manager)
        manager.setActionName("Add One")
        manager.endUndoGrouping()
        #expect(manager.undoActionName == "Add One")
        manager.undo()
        #expect(manager.redoActionName == "Add One")
    }

    @Test func undoInsideAnExplicitGroupIsIgnored() {
        let manager = UndoManager()
        let counter = Counter()
        manager.beginUndoGrouping()
        increment(counter, on: manager)
        manager.undo()
        #expect(counter.value == 1)
        manager.endUndoGrouping()
    }
}
