import Foundation
import SwiftData
import Testing

/// Event gained `isAllDay` (default false) and `endDate` (optional) after release: a store
/// written by the first version opens with the current models, and a new mandatory
/// property without a default fails with an error that names it.
@Suite struct TrendyMigrationTests {
    typealias S = TrendyStore

    /// A store written with V1: two events of one type, one with notes.
    func writeVersion1Store(_ store: TemporaryStore) throws {
        let container = try ModelContainer(for: Schema(versionedSchema: TrendySchemaV1.self),
                                           configurations: ModelConfiguration(url: store.url))
        let context = ModelContext(container)
        let water = TrendySchemaV1.EventType(name: "Water")
        context.insert(TrendySchemaV1.Event(timestamp: S.time(0), eventType: water, notes: "first"))
        context.insert(TrendySchemaV1.Event(timestamp: S.time(60), eventType: water))
        try context.save()
    }

    func checkMigratedEvents(in container: ModelContainer) throws {
        let readContext = ModelContext(container)
        let events = try readContext.fetch(FetchDescriptor<Event>(sortBy: [SortDescriptor(\.timestamp)]))
        #expect(events.map(\.timestamp) == [S.time(0), S.time(60)])
        #expect(events.map(\.notes) == ["first", nil])
        #expect(events.map(\.isAllDay) == [false, false])
        #expect(events.map(\.endDate) == [nil, nil])
        #expect(events.map { $0.eventType?.name } == ["Water", "Water"])
    }

    @Test func version1StoreOpensWithTheMigrationPlanAndTakesTheDefaults() throws {
        let store = try TemporaryStore()
        try writeVersion1Store(store)
        withKnownIssue("Engine: opening a store does not add the columns of new attributes (StoreMigrator only runs CREATE TABLE IF NOT EXISTS)") {
            let container = try ModelContainer(for: Schema(versionedSchema: TrendySchemaV2.self),
                                               migrationPlan: TrendyMigrationPlan.self,
                                               configurations: ModelConfiguration(url: store.url))
            try checkMigratedEvents(in: container)
        }
    }

    @Test func version1StoreOpensWithTheCurrentModelsAlone() throws {
        let store = try TemporaryStore()
        try writeVersion1Store(store)
        withKnownIssue("Engine: opening a store does not add the columns of new attributes (StoreMigrator only runs CREATE TABLE IF NOT EXISTS)") {
            try checkMigratedEvents(in: try S.file(store))
        }
    }

    @Test func migratedEventsCanBeChangedAndSaved() throws {
        let store = try TemporaryStore()
        try writeVersion1Store(store)
        withKnownIssue("Engine: opening a store does not add the columns of new attributes (StoreMigrator only runs CREATE TABLE IF NOT EXISTS)") {
            let context = ModelContext(try S.file(store))
            let events = try context.fetch(FetchDescriptor<Event>(sortBy: [SortDescriptor(\.timestamp)]))
            try #require(events.count == 2)
            events[0].isAllDay = true
            events[0].endDate = S.time(3_600)
            try context.save()
            let readContext = ModelContext(try S.file(store))
            let stored = try readContext.fetch(FetchDescriptor<Event>(sortBy: [SortDescriptor(\.timestamp)]))
            #expect(stored.map(\.isAllDay) == [true, false])
            #expect(stored.map(\.endDate) == [S.time(3_600), nil])
        }
    }

    @Test func aNewMandatoryPropertyWithoutADefaultFailsNamingIt() throws {
        let store = try TemporaryStore()
        try writeVersion1Store(store)
        withKnownIssue("Engine: a store lacking a mandatory column opens without error (and is marked with the new version)") {
            let error = #expect(throws: (any Error).self) {
                _ = try ModelContainer(for: Schema(versionedSchema: TrendySchemaWithoutDefault.self),
                                       configurations: ModelConfiguration(url: store.url))
            }
            let message = error.map { "\($0)" } ?? ""
            #expect(message.contains("Event"))
            #expect(message.contains("mood"))
        }
        // The failed open left the version 1 data as it was.
        let container = try ModelContainer(for: Schema(versionedSchema: TrendySchemaV1.self),
                                           configurations: ModelConfiguration(url: store.url))
        #expect(try ModelContext(container).fetchCount(FetchDescriptor<TrendySchemaV1.Event>()) == 2)
    }
}
