import Foundation
import OpenSwiftData
import Testing

@Suite struct ModelContextTests {
    @Test func fetchReturnsTheInstanceThatWasInserted() throws {
        let context = ModelContext(try inMemoryContainer(Tag.self))
        let tag = Tag(label: "a")
        context.insert(tag)
        try context.save()
        #expect(try context.fetch(FetchDescriptor<Tag>()).first === tag)
    }

    @Test func oneContextNeverHoldsTwoObjectsForOneRow() throws {
        let container = try inMemoryContainer(Tag.self)
        ModelContext(container).insertAndSave(Tag(label: "a"))
        let context = ModelContext(container)
        let first = try context.fetch(FetchDescriptor<Tag>())
        let second = try context.fetch(FetchDescriptor<Tag>())
        #expect(first.first === second.first)
    }

    @Test func twoContextsSeeEachOthersSavedChanges() throws {
        let container = try inMemoryContainer(Tag.self)
        let writer = ModelContext(container), reader = ModelContext(container)
        let tag = Tag(label: "a")
        writer.insert(tag)
        try writer.save()
        #expect(try reader.fetch(FetchDescriptor<Tag>()).map(\.label) == ["a"])
        writer.delete(tag)
        try writer.save()
        #expect(try reader.fetchCount(FetchDescriptor<Tag>()) == 0)
    }

    @Test func unsavedInsertsAreIncludedInFetchesOfTheSameContext() throws {
        let context = ModelContext(try inMemoryContainer(Tag.self))
        context.insert(Tag(label: "pending"))
        #expect(try context.fetch(FetchDescriptor<Tag>()).map(\.label) == ["pending"])
        var descriptor = FetchDescriptor<Tag>()
        descriptor.includePendingChanges = false
        #expect(try context.fetch(descriptor).isEmpty)
    }

    @Test func persistentIdentifierIsTemporaryUntilSaved() throws {
        let context = ModelContext(try inMemoryContainer(Tag.self))
        let tag = Tag(label: "a")
        context.insert(tag)
        #expect(tag.persistentModelID.isTemporary)
        try context.save()
        #expect(!tag.persistentModelID.isTemporary)
    }

    @Test func persistentIdentifierResolvesInAnotherContext() throws {
        let container = try inMemoryContainer(Tag.self)
        let context = ModelContext(container)
        let tag = Tag(label: "a")
        context.insert(tag)
        try context.save()
        let other = ModelContext(container)
        let found = other.model(for: tag.persistentModelID) as? Tag
        #expect(found?.label == "a")
        #expect(found !== tag)
    }

    @Test func persistentIdentifierIsCodable() throws {
        let context = ModelContext(try inMemoryContainer(Tag.self))
        let tag = Tag(label: "a")
        context.insert(tag)
        try context.save()
        let data = try JSONEncoder().encode(tag.persistentModelID)
        #expect(try JSONDecoder().decode(PersistentIdentifier.self, from: data) == tag.persistentModelID)
    }

    @Test func registeredModelDoesNotFetch() throws {
        let container = try inMemoryContainer(Tag.self)
        let context = ModelContext(container)
        let tag = Tag(label: "a")
        context.insert(tag)
        try context.save()
        let other = ModelContext(container)
        #expect((other.registeredModel(for: tag.persistentModelID) as Tag?) == nil)
        #expect((context.registeredModel(for: tag.persistentModelID) as Tag?) === tag)
    }

    @Test func hasChangesTracksInsertsChangesAndDeletes() throws {
        let context = ModelContext(try inMemoryContainer(Tag.self))
        #expect(!context.hasChanges)
        let tag = Tag(label: "a")
        context.insert(tag)
        #expect(context.hasChanges)
        try context.save()
        #expect(!context.hasChanges)
        tag.label = "b"
        #expect(context.hasChanges && tag.hasChanges)
        #expect(context.changedModelsArray.count == 1)
        try context.save()
        context.delete(tag)
        #expect(context.hasChanges && tag.isDeleted)
        #expect(context.deletedModelsArray.count == 1)
    }

    @Test func rollbackDiscardsInsertsChangesAndDeletes() throws {
        let container = try inMemoryContainer(Tag.self)
        let context = ModelContext(container)
        let kept = Tag(label: "kept"), deleted = Tag(label: "deleted")
        context.insert(kept); context.insert(deleted)
        try context.save()
        kept.label = "changed"
        context.delete(deleted)
        let inserted = Tag(label: "new")
        context.insert(inserted)
        context.rollback()
        #expect(!context.hasChanges)
        #expect(kept.label == "kept")
        #expect(!deleted.isDeleted)
        #expect(inserted.modelContext == nil)
        #expect(Set(try context.fetch(FetchDescriptor<Tag>()).map(\.label)) == ["kept", "deleted"])
    }

    @Test func rollbackRestoresRelationships() throws {
        let context = ModelContext(try inMemoryContainer(Author.self))
        let author = Author(name: "A")
        author.books = [Book(title: "1")]
        context.insert(author)
        try context.save()
        author.books.append(Book(title: "2"))
        context.rollback()
        #expect(author.books.map(\.title) == ["1"])
    }

    @Test func aFailedSaveLeavesTheStoreUnchangedAndKeepsPendingChanges() throws {
        let container = try inMemoryContainer(Expense.self)
        let context = ModelContext(container)
        context.insert(Expense(amount: 5))
        try context.save()
        context.insert(Expense(amount: 7))
        context.insert(Expense(amount: -1))
        #expect(throws: InvalidReading.self) { try context.save() }
        #expect(context.insertedModelsArray.count == 2)
        #expect(try ModelContext(container).fetchCount(FetchDescriptor<Expense>()) == 1)
    }

    @Test func transactionSavesWhatTheBlockDid() throws {
        let container = try inMemoryContainer(Tag.self)
        let context = ModelContext(container)
        try context.transaction { context.insert(Tag(label: "t")) }
        #expect(!context.hasChanges)
        #expect(try ModelContext(container).fetchCount(FetchDescriptor<Tag>()) == 1)
    }

    @Test func saveNotificationsCarryTheSavedIdentifiers() throws {
        let context = ModelContext(try inMemoryContainer(Tag.self))
        let tag = Tag(label: "a")
        context.insert(tag)
        nonisolated(unsafe) var inserted: [PersistentIdentifier] = []
        nonisolated(unsafe) var sawWillSave = false
        let observers = [
            NotificationCenter.default.addObserver(forName: ModelContext.willSave, object: context, queue: nil) { _ in sawWillSave = true },
            NotificationCenter.default.addObserver(forName: ModelContext.didSave, object: context, queue: nil) { note in
                inserted = note.userInfo?[ModelContext.NotificationKey.insertedIdentifiers.rawValue] as? [PersistentIdentifier] ?? []
            },
        ]
        defer { observers.forEach(NotificationCenter.default.removeObserver) }
        try context.save()
        #expect(sawWillSave)
        #expect(inserted == [tag.persistentModelID])
    }

    @Test func aContextKeepsItsContainerAlive() throws {
        weak var weakContainer: ModelContainer?
        let context: ModelContext
        do {
            let container = try inMemoryContainer(Tag.self)
            weakContainer = container
            context = ModelContext(container)
        }
        #expect(weakContainer != nil)
        context.insert(Tag(label: "a"))
        try context.save()
    }

    @Test func deleteAllDataEmptiesEveryEntity() throws {
        let container = try inMemoryContainer(Author.self)
        let context = ModelContext(container)
        let author = Author(name: "A")
        author.books = [Book(title: "1")]
        context.insert(author)
        try context.save()
        container.deleteAllData()
        let reader = ModelContext(container)
        #expect(try reader.fetchCount(FetchDescriptor<Author>()) == 0)
        #expect(try reader.fetchCount(FetchDescriptor<Book>()) == 0)
    }

    @Test func eraseEmptiesEveryEntityAndKeepsTheSchema() throws {
        let store = TestStore()
        let container = try store.container(Author.self)
        let context = ModelContext(container)
        let author = Author(name: "A")
        author.books = [Book(title: "1")]
        context.insert(author)
        try context.save()
        try container.erase()
        let reader = ModelContext(container)
        #expect(try reader.fetchCount(FetchDescriptor<Author>()) == 0)
        #expect(try reader.fetchCount(FetchDescriptor<Book>()) == 0)
        reader.insert(Author(name: "B"))
        try reader.save()
        #expect(try ModelContext(try store.container(Author.self)).fetchCount(FetchDescriptor<Author>()) == 1)
    }

    @Test func containersAndContextsAreEqualOnlyToThemselves() throws {
        let container = try inMemoryContainer(Author.self)
        let context = ModelContext(container)
        #expect(context.container == container)
        #expect(container != (try inMemoryContainer(Author.self)))
        #expect(context == context && context != ModelContext(container))
    }

    @Test func aContainersConfigurationsAreASet() throws {
        let configuration = ModelConfiguration(isStoredInMemoryOnly: true)
        let container = try ModelContainer(for: Author.self, configurations: configuration, configuration)
        let configurations: Set<ModelConfiguration> = container.configurations
        #expect(configurations == [configuration])
    }

    @Test func modelsAreObservable() throws {
        let tag = Tag(label: "a")
        nonisolated(unsafe) var changed = false
        withObservationTracking { _ = tag.label } onChange: { changed = true }
        tag.label = "b"
        #expect(changed)
    }

    @Test func transientPropertiesAreNotPersisted() throws {
        let container = try inMemoryContainer(Trip.self)
        let context = ModelContext(container)
        let trip = Trip(name: "T")
        trip.isSelected = true
        context.insert(trip)
        try context.save()
        let reader = ModelContext(container)
        #expect(try reader.fetch(FetchDescriptor<Trip>()).first?.isSelected == false)
    }
}

extension ModelContext {
    func insertAndSave<T: PersistentModel>(_ model: T) {
        insert(model)
        try! save()
    }
}

@Suite struct ReleasedContextTests {
    @Test("reading a relationship after the context that fetched the model is released loads it")
    func readingARelationshipAfterTheContextIsReleasedLoadsIt() throws {
        let container = try inMemoryContainer(Author.self)
        let context = ModelContext(container)
        let author = Author(name: "A")
        author.books = [Book(title: "1")]
        context.insert(author)
        try context.save()
        let orphan = try #require(try ModelContext(container).fetch(FetchDescriptor<Author>()).first)
        #expect(orphan.books.map(\.title) == ["1"])
    }
}
