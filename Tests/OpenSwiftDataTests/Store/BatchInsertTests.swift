import Foundation
import GRDB
import OpenSwiftData
import Testing

/// A save that inserts many models of one entity writes them several rows a
/// statement, with keys it gives them: as many as one at a time would give, in the
/// same order, never a deleted model's, and upserting as one at a time would.
@Suite struct BatchInsertTests {
    /// More than one batch of rows, and some left over.
    private static let count = 100

    private func keys(of table: String, in store: TestStore, column: String) throws -> [(key: Int64, value: String)] {
        try SQLiteInspector(url: store.url).queue.read { db in
            try Row.fetchAll(db, sql: "SELECT Z_PK, \(column) FROM \(table) ORDER BY Z_PK").map { ($0[0], $0[1]) }
        }
    }

    @Test func manyModelsOfOneEntityAreSavedWithKeysInTheOrderTheyWereInserted() throws {
        let store = TestStore()
        let context = ModelContext(try store.container(Author.self))
        for number in 0..<Self.count { context.insert(Author(name: "author \(number)")) }
        try context.save()
        let rows = try keys(of: "Author", in: store, column: "name")
        #expect(rows.map(\.value) == (0..<Self.count).map { "author \($0)" })
        #expect(rows.map(\.key) == (1...Int64(Self.count)).map { $0 })
    }

    @Test func modelsSavedInABatchAreFetchedInANewContextWithTheirValues() throws {
        let store = TestStore()
        let container = try store.container(Reading.self)
        let context = ModelContext(container)
        for day in 0..<Self.count { context.insert(Reading(sensor: "s", day: day, value: Double(day) / 4)) }
        try context.save()
        let fetched = try ModelContext(container).fetch(FetchDescriptor<Reading>(sortBy: [SortDescriptor(\.day)]))
        #expect(fetched.map(\.day) == Array(0..<Self.count))
        #expect(fetched.map(\.value) == (0..<Self.count).map { Double($0) / 4 })
    }

    @Test func aBatchModelMeetingASavedUniqueKeyUpsertsOntoItsRow() throws {
        let store = TestStore()
        let container = try store.container(Reading.self)
        let first = ModelContext(container)
        let saved = Reading(sensor: "s", day: 17, value: 1)
        first.insert(saved)
        try first.save()
        let second = ModelContext(container)
        for day in 0..<Self.count { second.insert(Reading(sensor: "s", day: day, value: 2)) }
        try second.save()
        let readings = try ModelContext(container).fetch(FetchDescriptor<Reading>())
        #expect(readings.count == Self.count)
        let upserted = try #require(readings.first { $0.day == 17 })
        #expect(upserted.persistentModelID == saved.persistentModelID)
        #expect(upserted.value == 2)
    }

    @Test func twoModelsOfOneBatchWithOneUniqueKeyBecomeOneRowWithTheLaterValues() throws {
        let store = TestStore()
        let container = try store.container(Reading.self)
        let context = ModelContext(container)
        for day in 0..<Self.count { context.insert(Reading(sensor: "s", day: day, value: 1)) }
        context.insert(Reading(sensor: "s", day: 5, value: 9))
        try context.save()
        let readings = try ModelContext(container).fetch(FetchDescriptor<Reading>())
        #expect(readings.count == Self.count)
        #expect(readings.first { $0.day == 5 }?.value == 9)
    }

    @Test func rowsOfABatchWrittenBeforeItMetAUniqueKeyAreNotWrittenTwice() throws {
        let store = TestStore()
        let container = try store.container(Badge.self)
        let first = ModelContext(container)
        first.insert(Badge(code: "gold", holder: "saved"))
        try first.save()
        let second = ModelContext(container)
        // Rows without a code meet no unique key, so only the batch's own undoing keeps
        // the rows before the golden one from being written a second time.
        for number in 0..<Self.count { second.insert(Badge(code: number == 20 ? "gold" : nil, holder: "\(number)")) }
        try second.save()
        #expect(try SQLiteInspector(url: store.url).count("Badge") == Self.count)
        let holders = try ModelContext(container).fetch(FetchDescriptor<Badge>()).map(\.holder)
        #expect(Set(holders).count == Self.count)
    }

    @Test func keysOfDeletedModelsAreNotGivenToModelsInsertedInABatch() throws {
        let store = TestStore()
        let context = ModelContext(try store.container(Author.self))
        let first = (0..<Self.count).map { Author(name: "first \($0)") }
        first.forEach(context.insert)
        try context.save()
        // The models with the largest keys: a key SQLite picked as the largest plus one would be theirs again.
        for author in first.suffix(10) { context.delete(author) }
        try context.save()
        for number in 0..<Self.count { context.insert(Author(name: "second \(number)")) }
        try context.save()
        let second = try keys(of: "Author", in: store, column: "name").filter { $0.value.hasPrefix("second") }
        #expect(second.map(\.key) == (Int64(Self.count) + 1...Int64(2 * Self.count)).map { $0 })
    }

    @Test func aToOneRelationshipBetweenModelsOfOneBatchIsSaved() throws {
        let store = TestStore()
        let container = try store.container(Person.self)
        let context = ModelContext(container)
        var people: [Person] = []
        for number in 0..<Self.count {
            let person = Person(name: "p\(number)")
            context.insert(person)
            person.parent = people.last
            people.append(person)
        }
        // A parent inserted after its child: its key is not known when the child is written.
        people[0].parent = people[Self.count - 1]
        try context.save()
        let fetched = try ModelContext(container).fetch(FetchDescriptor<Person>())
        let parents = Dictionary(uniqueKeysWithValues: fetched.map { ($0.name, $0.parent?.name) })
        #expect(parents["p0"] == "p\(Self.count - 1)")
        #expect((1..<Self.count).allSatisfy { parents["p\($0)"] == "p\($0 - 1)" })
    }

    @Test func modelsOfTwoSubclassesSharingATableKeepTheirClassesAndValues() throws {
        let store = TestStore()
        let container = try store.container(Journey.self, BusinessJourney.self, PersonalJourney.self, Traveller.self)
        let context = ModelContext(container)
        let start = Date(timeIntervalSinceReferenceDate: 0)
        for number in 0..<Self.count {
            context.insert(BusinessJourney(name: "b\(number)", start: start, perDiem: Double(number)))
            context.insert(PersonalJourney(name: "p\(number)", start: start, reason: "r\(number)"))
        }
        try context.save()
        let fetched = try ModelContext(container).fetch(FetchDescriptor<Journey>())
        let business = fetched.compactMap { $0 as? BusinessJourney }
        let personal = fetched.compactMap { $0 as? PersonalJourney }
        #expect(business.count == Self.count && personal.count == Self.count)
        #expect(business.allSatisfy { $0.name == "b\(Int($0.perDiem))" })
        #expect(personal.allSatisfy { $0.reason == "r" + $0.name.dropFirst() })
    }

    @Test func aBatchWithAValueTheStoreRefusesSavesNothingAndCanBeSavedOnceMended() throws {
        let store = TestStore()
        let container = try store.container(Reading.self)
        let context = ModelContext(container)
        let readings = (0..<Self.count).map { Reading(sensor: "s", day: $0, value: 1) }
        readings.forEach(context.insert)
        readings[20].value = .nan
        #expect(throws: OpenSwiftDataError.self) { try context.save() }
        #expect(try SQLiteInspector(url: store.url).count("Reading") == 0)
        readings[20].value = 2
        try context.save()
        let saved = try ModelContext(container).fetch(FetchDescriptor<Reading>())
        let dayOfModel = Dictionary(uniqueKeysWithValues: saved.map { ($0.persistentModelID, $0.day) })
        #expect(readings.map { dayOfModel[$0.persistentModelID] } == readings.map(\.day))
    }

    /// A store of one saved author whose `AUTOINCREMENT` record is then set to `record`,
    /// as another program could set it, and a context holding `newAuthors` new authors.
    private func authorsAfterKeyRecord(_ record: String, newAuthors: Int = count) throws -> (store: TestStore, context: ModelContext) {
        let store = TestStore()
        let context = ModelContext(try store.container(Author.self))
        context.insert(Author(name: "first"))
        try context.save()
        try DatabaseQueue(path: store.url.path).write { db in
            try db.execute(sql: "UPDATE sqlite_sequence SET seq = \(record) WHERE name = 'Author'")
        }
        for number in 0..<newAuthors { context.insert(Author(name: "author \(number)")) }
        return (store, context)
    }

    @Test func aBatchWhoseKeysWouldPassTheLargestIsRefusedWithoutStoppingTheProcess() throws {
        let (store, context) = try authorsAfterKeyRecord("\(Int64.max - 10)")
        let error = #expect(throws: OpenSwiftDataError.self) { try context.save() }
        #expect(error?.code == .storeKeysExhausted)
        #expect(try SQLiteInspector(url: store.url).count("Author") == 1)
    }

    @Test func aModelInsertedAfterTheLastKeyIsRefusedAsKeysUsedUpNotAsAFullDisk() throws {
        let (store, context) = try authorsAfterKeyRecord("\(Int64.max)", newAuthors: 1)
        defer { withExtendedLifetime(store) {} }
        let error = #expect(throws: OpenSwiftDataError.self) { try context.save() }
        #expect(error?.code == .storeKeysExhausted)
        #expect(error?.localizedDescription.contains("the disk is not full") == true, "\(String(describing: error))")
        #expect(context.hasChanges)
    }

    @Test func aBatchWhoseKeysEndJustBelowTheLargestIsSaved() throws {
        let (store, context) = try authorsAfterKeyRecord("\(Int64.max - Int64(Self.count))")
        try context.save()
        let rows = try keys(of: "Author", in: store, column: "name")
        #expect(rows.last?.key == Int64.max)
        #expect(rows.count == Self.count + 1)
    }

    @Test func aKeyRecordThatIsNotAWholeNumberLeavesTheRowsToSQLiteOneAtATime() throws {
        let (store, context) = try authorsAfterKeyRecord("'abc'")
        try context.save()
        let rows = try keys(of: "Author", in: store, column: "name")
        #expect(rows.map(\.key) == (1...Int64(Self.count + 1)).map { $0 })
    }

    @Test func eachModelOfABatchIsRecordedInHistoryAsAnInsert() throws {
        let store = TestStore()
        let container = try store.container(Author.self)
        let context = ModelContext(container)
        let authors = (0..<Self.count).map { Author(name: "a\($0)") }
        authors.forEach(context.insert)
        try context.save()
        let changes = try ModelContext(container).fetchHistory(HistoryDescriptor<DefaultHistoryTransaction>()).flatMap(\.changes)
        let inserted = changes.compactMap { change -> PersistentIdentifier? in
            if case .insert(let insert) = change { insert.changedPersistentIdentifier } else { nil }
        }
        #expect(inserted == authors.map(\.persistentModelID))
    }
}

/// A model whose unique key may be missing: rows without one never meet another.
@Model final class Badge {
    @Attribute(.unique) var code: String?
    var holder: String
    init(code: String?, holder: String) { self.code = code; self.holder = holder }
}
