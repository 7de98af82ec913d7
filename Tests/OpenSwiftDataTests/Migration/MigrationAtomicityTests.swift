import Foundation
import GRDB
@testable import OpenSwiftData
import Testing

/// The all-or-nothing guarantee: a failure at any point of a migration, or a crash,
/// leaves the store byte-for-byte as it was (checked after every connection has
/// closed), and it still opens with the old models; no copy of the store is needed
/// for it, and one an earlier version left is taken care of.
@Suite struct MigrationAtomicityTests {
    private func v1Store() throws -> MigrationTestStore {
        let store = try MigrationTestStore()
        try store.with(Schema(versionedSchema: CardsV1.self), CardsV1.seed)
        return store
    }

    private func expectV1Rows(_ store: MigrationTestStore) throws {
        try store.with(CardsV1.models) { (context) throws in
            let cards = try context.fetch(FetchDescriptor<CardsV1.Card>(sortBy: [SortDescriptor(\.name)]))
            #expect(cards.map(\.name) == ["Charizard", "Mewtwo", "Pikachu"])
            #expect(cards[0].sales.map(\.amount).sorted() == [300, 320])
        }
    }

    private func inject<R>(_ moment: MigrationFault.Moment, _ effect: MigrationFault.Effect = .throwError, _ body: () throws -> R) rethrows -> R {
        try MigrationFault.$injected.withValue(MigrationFault(moment: moment, effect: effect), operation: body)
    }

    @Test func noCopyOfTheStoreIsMadeDuringTheMigration() throws {
        let store = try v1Store()
        let recorder = StageRecorder()
        try recorder.during {
            try store.with(Schema(versionedSchema: CardsV2Schema.self), plan: BackupWitnessPlan.self) { _ in }
        }
        #expect(recorder.events == ["backup exists: false"])
        #expect(try FileManager.default.contentsOfDirectory(atPath: store.directory.path).filter { $0.contains("migration-backup") } == [])
    }

    @Test func aCopyAnEarlierVersionRenamedToDeleteIsDeletedByTheNextOpen() throws {
        let store = try v1Store()
        let discarded = store.url.deletingLastPathComponent().appendingPathComponent("." + store.url.lastPathComponent + ".migration-backup.discarded")
        try Data("a copy a process did not live to delete".utf8).write(to: discarded)
        try store.open(CardsV1.models)
        #expect(!FileManager.default.fileExists(atPath: discarded.path))
    }

    @Test func aCopyAnEarlierVersionLeftAfterItsCommitIsRemovedOnceTheStoreMatchesItsSchema() throws {
        let store = try v1Store()
        let before = try store.files()
        try store.open(AddDefaultedAttributes.models)
        try before.store.write(to: store.backupURL)
        try store.with(AddDefaultedAttributes.models) { (context) throws in
            let cards = try context.fetch(FetchDescriptor<AddDefaultedAttributes.Card>())
            #expect(cards.count == 3 && cards.allSatisfy { $0.quantity == 1 })
        }
        #expect(!store.hasBackup)
    }

    @Test func aCopyAnEarlierVersionLeftIsPutBackWhenTheStoreDoesNotMatchItsSchemaAndTheMigrationRunsAgain() throws {
        let store = try v1Store()
        let before = try store.files()
        try store.open(AddDefaultedAttributes.models)
        try before.store.write(to: store.backupURL)
        // A store that lost a column its record names, which the copy's store has never had.
        let queue = try DatabaseQueue(path: store.url.path)
        try queue.write { db in try db.execute(sql: "ALTER TABLE \"Card\" DROP COLUMN \"quantity\"") }
        try queue.close()
        try store.with(AddDefaultedAttributes.models) { (context) throws in
            let cards = try context.fetch(FetchDescriptor<AddDefaultedAttributes.Card>())
            #expect(cards.count == 3 && cards.allSatisfy { $0.quantity == 1 })
        }
        #expect(!store.hasBackup)
    }

    @Test(arguments: 1...6)
    func failureAfterAnyStatementLeavesTheStoreByteForByte(statements: Int) throws {
        let store = try v1Store()
        let before = try store.files()
        #expect(throws: InjectedMigrationFault(moment: .afterStatements(statements))) {
            try inject(.afterStatements(statements)) { try store.open(AddRelationships.models) }
        }
        #expect(try store.files() == before)
        try expectV1Rows(store)
    }

    @Test func failureJustBeforeTheCommitLeavesTheStoreByteForByte() throws {
        let store = try v1Store()
        let before = try store.files()
        #expect(throws: InjectedMigrationFault(moment: .beforeCommit)) {
            try inject(.beforeCommit) { try store.open(AddDefaultedAttributes.models) }
        }
        #expect(try store.files() == before)
        try expectV1Rows(store)
    }

    @Test func crashPartWayLeavesTheStoreUnchanged() async throws {
        let store = try v1Store()
        let before = try store.files()
        await #expect(processExitsWith: .exitCode(42)) { [path = store.url.path as String] in
            try MigrationFault.$injected.withValue(MigrationFault(moment: .afterStatements(3), effect: .exitProcess(42))) {
                try MigrationTestStore(path: path).open(AddRelationships.models)
            }
        }
        // What the crash left: the untouched store and an uncommitted log.
        #expect(try store.files().store == before.store)
        #expect(!store.hasBackup)
        try expectV1Rows(store)
        #expect(try store.files() == before)
        try store.with(AddRelationships.models) { (context) throws in
            #expect(try context.fetchCount(FetchDescriptor<AddRelationships.Card>()) == 3)
        }
    }

    @Test func crashWithUncommittedPagesInTheLogLeavesTheStoreUnchanged() async throws {
        // Enough rows, with long enough set names, that indexing them spills pages
        // into the write-ahead log before the transaction commits.
        let store = try MigrationTestStore()
        try store.with(CardsV1.models) { context in
            for index in 0..<40_000 {
                context.insert(CardsV1.Card(name: "card \(index)", setName: "set \(index % 50) " + String(repeating: "s", count: 60),
                                            price: Double(index), notes: String(repeating: "n", count: 40)))
            }
            try context.save()
        }
        let before = try store.files()
        await #expect(processExitsWith: .exitCode(45)) { [path = store.url.path as String] in
            try MigrationFault.$injected.withValue(MigrationFault(moment: .beforeCommit, effect: .exitProcess(45))) {
                try MigrationTestStore(path: path).open(AddIndex.models)
            }
        }
        let crashed = try store.files()
        #expect(crashed.store == before.store)
        #expect((crashed.wal?.count ?? 0) > 0)
        try store.with(CardsV1.models) { (context) throws in
            #expect(try context.fetchCount(FetchDescriptor<CardsV1.Card>()) == 40_000)
            #expect(try context.fetch(FetchDescriptor<CardsV1.Card>(predicate: #Predicate { $0.name == "card 7" })).first?.notes?.count == 40)
        }
        #expect(try store.files() == before)
    }

    @Test func crashInsideACustomStageLeavesTheStoreUnchanged() async throws {
        let store = try v1Store()
        let before = try store.files()
        await #expect(processExitsWith: .exitCode(43)) { [path = store.url.path as String] in
            try MigrationTestStore(path: path).with(Schema(versionedSchema: CardsV2Schema.self), plan: CrashingDidMigratePlan.self) { _ in }
        }
        try expectV1Rows(store)
        #expect(try store.files() == before)
    }

    @Test func crashAfterTheCommitKeepsTheMigration() async throws {
        let store = try v1Store()
        await #expect(processExitsWith: .exitCode(44)) { [path = store.url.path as String] in
            try MigrationFault.$injected.withValue(MigrationFault(moment: .afterCommit, effect: .exitProcess(44))) {
                try MigrationTestStore(path: path).open(AddDefaultedAttributes.models)
            }
        }
        try store.with(AddDefaultedAttributes.models) { (context) throws in
            let cards = try context.fetch(FetchDescriptor<AddDefaultedAttributes.Card>())
            #expect(cards.count == 3 && cards.allSatisfy { $0.quantity == 1 })
        }
    }
}
