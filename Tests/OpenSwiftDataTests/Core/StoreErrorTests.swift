import Foundation
import GRDB
import OpenSwiftData
import Testing

@Suite struct StoreErrorTests {
    @Test func aFileThatIsNotADatabaseIsReportedAsSuch() throws {
        let store = TestStore()
        try Data("this is not SQLite, just text that is long enough to look like a header".utf8).write(to: store.url)
        #expect {
            _ = try store.container(Tag.self)
        } throws: { error in
            error as? SwiftDataError == .loadIssueModelContainer
                && OpenSwiftDataError(explaining: error) == .storeDamaged(path: store.url.path, reason: .notSQLite)
        }
    }

    @Test func aFileThatIsNotADatabaseIsLeftUntouched() throws {
        let store = TestStore()
        let bytes = Data("not a database at all, and it stays that way after a failed open".utf8)
        try bytes.write(to: store.url)
        _ = try? store.container(Tag.self)
        #expect(try Data(contentsOf: store.url) == bytes)
    }

    @Test func aDatabaseOfAnotherProgramIsRefusedNamingItsTablesAndLeftUnchanged() throws {
        let store = TestStore()
        try DatabaseQueue(path: store.url.path).write { db in
            try db.execute(sql: "CREATE TABLE cards (id INTEGER PRIMARY KEY, name TEXT); CREATE TABLE folders (id INTEGER)")
        }
        let before = try Data(contentsOf: store.url)
        #expect {
            _ = try store.container(Tag.self)
        } throws: { error in
            OpenSwiftDataError(explaining: error) == .storeHoldsOtherData(path: store.url.path, names: ["cards", "folders"])
        }
        let tables = try DatabaseQueue(path: store.url.path).read { db in
            try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")
        }
        #expect(tables == ["cards", "folders"])
        #expect(try Data(contentsOf: store.url) == before, "not switched to WAL, not a byte changed")
    }

    @Test func aStoreOfOtherModelsIsRefusedNamingThemAndLeftUnchanged() throws {
        let store = TestStore()
        do {
            let context = ModelContext(try store.container(Tag.self))
            context.insert(Tag(label: "a"))
            try context.save()
        }
        #expect {
            _ = try store.container(Reading.self)
        } throws: { error in
            guard case let .storeHoldsOtherData(path, names) = OpenSwiftDataError(explaining: error)?.kind else { return false }
            return path == store.url.path && names.contains("Tag") && !names.contains("Reading")
        }
        #expect(try ModelContext(try store.container(Tag.self)).fetchCount(FetchDescriptor<Tag>()) == 1)
        let tables = try DatabaseQueue(path: store.url.path).read { db in
            try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'table' AND name = 'Reading'")
        }
        #expect(tables.isEmpty)
    }

    @Test func aStoreSharingOneModelWithTheSchemaIsMigratedNotRefused() throws {
        let store = TestStore()
        do {
            let context = ModelContext(try store.container(Tag.self))
            context.insert(Tag(label: "a"))
            try context.save()
        }
        let context = ModelContext(try store.container(Tag.self, Reading.self))
        #expect(try context.fetchCount(FetchDescriptor<Tag>()) == 1)
        #expect(try context.fetchCount(FetchDescriptor<Reading>()) == 0)
    }

    @Test func aStoreWhosePathRunsThroughAFileIsRefusedSayingSo() throws {
        let store = TestStore()
        try Data("x".utf8).write(to: store.url)
        let url = store.url.appendingPathComponent("inner").appendingPathComponent("test.store")
        #expect {
            _ = try ModelContainer(for: Schema([Tag.self]), configurations: [ModelConfiguration(url: url)])
        } throws: { error in
            guard case let .storeCannotOpen(path, reason) = OpenSwiftDataError(explaining: error)?.kind else { return false }
            return path == url.path && reason.contains("a part of its path is a file, not a folder") && !reason.contains("NSCocoaErrorDomain")
        }
    }

    @Test func aLocationThatCannotBeWrittenIsReported() throws {
        let url = URL(fileURLWithPath: "/proc/openswiftdata-tests/test.store")
        #expect {
            _ = try ModelContainer(for: Schema([Tag.self]), configurations: [ModelConfiguration(url: url)])
        } throws: { error in
            guard case .storeCannotOpen(let path, _) = OpenSwiftDataError(explaining: error)?.kind else { return false }
            return path == url.path
        }
    }

    @Test func savingAModelTheSchemaDoesNotListThrows() throws {
        let context = ModelContext(try inMemoryContainer(Tag.self))
        context.insert(Reading(sensor: "s", day: 1, value: 1))
        #expect(throws: OpenSwiftDataError.modelNotInSchema("Reading")) { try context.save() }
    }

    @Test func fetchingAModelTheSchemaDoesNotListThrows() throws {
        let context = ModelContext(try inMemoryContainer(Tag.self))
        #expect(throws: OpenSwiftDataError.modelNotInSchema("Reading")) { try context.fetch(FetchDescriptor<Reading>()) }
    }

    @Test func saveThrowsWhenTheConfigurationDisallowsSaving() throws {
        let container = try ModelContainer(for: Schema([Tag.self]),
                                           configurations: [ModelConfiguration("readonly", isStoredInMemoryOnly: true, allowsSave: false)])
        let context = ModelContext(container)
        context.insert(Tag(label: "a"))
        #expect(throws: OpenSwiftDataError.saveNotAllowed(configuration: "readonly")) { try context.save() }
    }

    @Test func aReadOnlyConfigurationStillReadsAnExistingStore() throws {
        let store = TestStore()
        do {
            let context = ModelContext(try store.container(Tag.self))
            context.insert(Tag(label: "a"))
            try context.save()
        }
        let container = try ModelContainer(for: Schema([Tag.self]), configurations: [ModelConfiguration(url: store.url, allowsSave: false)])
        #expect(try ModelContext(container).fetch(FetchDescriptor<Tag>()).map(\.label) == ["a"])
    }

    @Test func aNonOptionalPropertyNeverSetFailsTheSaveNamingIt() throws {
        let container = try inMemoryContainer(Forgetful.self)
        let context = ModelContext(container)
        context.insert(Forgetful(name: "x"))
        #expect(throws: OpenSwiftDataError.missingValue(entity: "Forgetful", property: "count")) { try context.save() }
        #expect(try ModelContext(container).fetchCount(FetchDescriptor<Forgetful>()) == 0)
    }

    @Test func inMemoryStoresWithDifferentNamesAreIsolated() throws {
        let first = try ModelContainer(for: Schema([Tag.self]), configurations: [ModelConfiguration("one", isStoredInMemoryOnly: true)])
        let second = try ModelContainer(for: Schema([Tag.self]), configurations: [ModelConfiguration("two", isStoredInMemoryOnly: true)])
        ModelContext(first).insertAndSave(Tag(label: "a"))
        #expect(try ModelContext(second).fetchCount(FetchDescriptor<Tag>()) == 0)
    }

    @Test func aFileStoreUsesWriteAheadLogging() throws {
        let store = TestStore()
        _ = try store.container(Tag.self)
        #expect(try SQLiteInspector(url: store.url).journalMode() == "wal")
    }
}

@Suite struct SaveErrorTests {
    @Test func changingAUniqueValueToAnotherRowsValueNamesTheConstraint() throws {
        let context = ModelContext(try inMemoryContainer(Tag.self))
        let first = Tag(label: "a"), second = Tag(label: "b")
        context.insert(first); context.insert(second)
        try context.save()
        second.label = "a"
        #expect(throws: OpenSwiftDataError.uniqueConstraintViolated(entity: "Tag", properties: ["label"])) { try context.save() }
    }

    @Test func savingAChangeToARowDeletedElsewhereThrows() throws {
        let container = try inMemoryContainer(Tag.self)
        let context = ModelContext(container), other = ModelContext(container)
        let tag = Tag(label: "a")
        context.insert(tag)
        try context.save()
        let copy = try #require(try other.fetch(FetchDescriptor<Tag>()).first)
        other.delete(copy)
        try other.save()
        tag.label = "b"
        #expect(throws: OpenSwiftDataError.rowDeleted(entity: "Tag")) { try context.save() }
    }

    @Test func notANumberIsRefusedNamingTheProperty() throws {
        let context = ModelContext(try inMemoryContainer(Reading.self))
        context.insert(Reading(sensor: "s", day: 1, value: .nan))
        #expect {
            try context.save()
        } throws: { error in
            guard case .invalidValue(let entity, let property, _)? = (error as? OpenSwiftDataError)?.kind else { return false }
            return entity == "Reading" && property == "value"
        }
    }

    @Test func aRelationshipToAModelOfAnotherContextIsRefusedAtSave() throws {
        let container = try inMemoryContainer(Author.self)
        let first = ModelContext(container), second = ModelContext(container)
        let author = Author(name: "A")
        first.insert(author)
        try first.save()
        let book = Book(title: "T")
        second.insert(book)
        book.author = author
        #expect(throws: OpenSwiftDataError.modelInAnotherContext(entity: "Author")) { try second.save() }
    }
}
