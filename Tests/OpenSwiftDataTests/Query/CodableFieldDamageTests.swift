import Foundation
import GRDB
import OpenSwiftData
import QueryOracle
import Testing

/// A `Codable` attribute's column that another program left holding text that is not
/// JSON: a query on one of its fields names the value, as a fetch of the whole model does,
/// instead of passing on SQLite's "malformed JSON".
@Suite struct CodableFieldDamageTests {
    /// A store whose `gamma` specimen's habitat was overwritten with text that is not JSON
    /// (the index on a habitat field dropped first: SQLite would refuse the write).
    private func damagedStore(_ file: TestStore) throws -> SpecimenStore {
        let store = try SpecimenStore(url: file.url)
        let queue = try DatabaseQueue(path: file.url.path)
        try queue.write { db in
            for index in try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'index' AND sql LIKE '%json_extract%'") {
                try db.execute(sql: "DROP INDEX \"\(index)\"")
            }
            try db.execute(sql: "UPDATE \"Specimen\" SET \"habitat\" = '{not json' WHERE \"name\" = 'gamma'")
        }
        try queue.close()
        return store
    }

    private func damage(in error: any Error) -> (entity: String, property: String, reason: String)? {
        guard case let .corruptValue(entity, property, reason)? = (error as? OpenSwiftDataError)?.kind else { return nil }
        return (entity, property, reason)
    }

    @Test func aQueryOnAFieldNamesTheValueThatIsNotJSON() throws {
        let file = TestStore()
        let store = try damagedStore(file)
        let context = ModelContext(store.container)
        let error = #expect(throws: OpenSwiftDataError.self) {
            try context.fetch(FetchDescriptor<Specimen>(predicate: #Predicate { $0.habitat.altitude > 40 }))
        }
        let found = try #require(error.flatMap(damage))
        #expect(found.entity == "Specimen" && found.property == "habitat")
        #expect(found.reason.contains("{not json") && found.reason.contains("in row "), "\(found.reason)")
        #expect(!"\(error.map { String(describing: $0) } ?? "")".contains("SELECT"))
    }

    @Test func aCountOnAFieldNamesTheValueThatIsNotJSON() throws {
        let file = TestStore()
        let store = try damagedStore(file)
        let context = ModelContext(store.container)
        let error = #expect(throws: OpenSwiftDataError.self) {
            try context.fetchCount(FetchDescriptor<Specimen>(predicate: #Predicate { $0.habitat.region == "Porto" }))
        }
        #expect(error.flatMap(damage)?.property == "habitat")
    }

    @Test func aFetchThatLeavesTheDamagedRowOutStillAnswers() throws {
        let file = TestStore()
        let store = try damagedStore(file)
        let context = ModelContext(store.container)
        let names = try context.fetch(FetchDescriptor<Specimen>(predicate: #Predicate { $0.name != "gamma" }, sortBy: [SortDescriptor(\.name)]))
        #expect(names.map(\.name) == ["Beta", "Délta", "alpha", "epsilon"])
    }
}
