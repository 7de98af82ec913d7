#if PostgreSQL
import Foundation
import OpenSwiftData
import Testing
@testable import OpenSwiftDataPostgres

/// Creating a schema of related models on the real server.
@Suite(.enabled(if: PostgresTestServer.isConfigured, "set OSD_POSTGRES_URL to a postgres:// URL; .ci/postgres starts a server and sets it"))
final class SchemaCreationTests {
    private let scratch: TemporarySchema
    private let layout: PostgresSchemaLayout

    init() throws {
        // The schema itself is left for `create(on:)` to make.
        scratch = try TemporarySchema(create: false)
        layout = try PostgresSchemaLayout(schema: Schema([Trip.self, Specimen.self]))
    }

    private func columns(of table: String, in session: PostgresSession) throws -> [PostgresValue] {
        try session.query("SELECT column_name::text FROM information_schema.columns WHERE table_schema = current_schema() AND table_name = $1 ORDER BY ordinal_position",
                          [.text(table)]).map { $0[0] }
    }

    @Test func createsEveryTableOfRelatedModels() throws {
        let session = try scratch.session()
        let created = try layout.create(on: session)
        #expect(Set(created) == ["Trip", "Specimen", "Stop", "Traveler", "Guide", "Z_Traveler_trips"])
        #expect(try columns(of: "Stop", in: session) == ["Z_PK", "name", "trip", "Z_trip_ORDER"].map(PostgresValue.text))
        #expect(try columns(of: "Z_Traveler_trips", in: session) == ["Z_SOURCE", "Z_TARGET", "Z_SOURCE_ORDER", "Z_TARGET_ORDER"].map(PostgresValue.text))
    }

    @Test func createsEachTableAsTheSharedLayoutSays() throws {
        let session = try scratch.session()
        try layout.create(on: session)
        let schema = Schema([Trip.self, Specimen.self])
        for entity in schema.entities {
            let shared = TableLayout(entity: entity)
            let expected = ["Z_PK"] + shared.columnNames + shared.orderColumns
            #expect(try columns(of: shared.name, in: session) == expected.map(PostgresValue.text), "\(entity.name)")
            let indexes = try session.query("SELECT indexname::text FROM pg_indexes WHERE schemaname = current_schema() AND tablename = $1",
                                            [.text(shared.name)]).map { $0[0] }
            for index in shared.indexes {
                let name = PostgresDialect.shortened(index.name(onTable: shared.name))
                #expect(indexes.contains(.text(name)), "\(entity.name): \(name)")
            }
            for joinTable in shared.joinTables {
                #expect(try columns(of: joinTable.name, in: session).count == 4, "\(joinTable.name)")
            }
        }
    }

    @Test func createsTheUniqueKeysAndIndexes() throws {
        let session = try scratch.session()
        try layout.create(on: session)
        let indexes = try session.query("SELECT indexname::text FROM pg_indexes WHERE schemaname = current_schema() AND tablename = 'Trip' ORDER BY 1")
        #expect(indexes.map { $0[0] } == [.text("Trip_index_name"), .text("Trip_pkey"), .text("Trip_unique_name_startDate")])
    }

    @Test func aSecondRunLeavesTheTablesAndTheirRowsAlone() throws {
        let session = try scratch.session()
        try layout.create(on: session)
        let traveler = try #require(layout.table(named: "Traveler"))
        try session.execute(traveler.insertSQL, [.text("ada@example.com")])
        #expect(try layout.create(on: session) == [])
        #expect(try session.query("SELECT count(*) FROM \"Traveler\"").first?[0] == .bigint(1))
    }

    /// Three sync servers started at once on one new schema: two stopped with "deadlock
    /// detected", an open's `CREATE INDEX IF NOT EXISTS` (which locks the table against writes
    /// before it finds the index) waiting for a save of another server that waited for it.
    @Test func aSecondRunWaitsForNoWriteInProgress() throws {
        let writer = try scratch.session()
        try layout.create(on: writer)
        let traveler = try #require(layout.table(named: "Traveler"))
        let opener = try scratch.session()
        // A wait would be an error rather than a test that never ends.
        try opener.execute("SET lock_timeout = '10s'")
        try writer.transaction { session in
            try session.execute(traveler.insertSQL, [.text("ada@example.com")])
            #expect(try layout.create(on: opener) == [])
        }
    }

    @Test func historyTablesMadeAgainWaitForNoWriteInProgress() throws {
        let writer = try scratch.session()
        try layout.create(on: writer)
        try PostgresHistoryTables.create(on: writer)
        let opener = try scratch.session()
        try opener.execute("SET lock_timeout = '10s'")
        try writer.transaction { session in
            try session.execute("INSERT INTO \"Z_HISTORYCHANGE\" VALUES (1, 1, 1, 'Trip', 1, NULL, 1)")
            try PostgresHistoryTables.create(on: opener)
        }
        #expect(try opener.query("SELECT count(*) FROM \"Z_HISTORYCHANGE\"").first?[0] == .bigint(1))
    }

    @Test func twoInstancesStartingAtOnceCreateTheSchemaOnce() throws {
        let sessions = [try scratch.session(), try scratch.session()]
        let results = CreationResults()
        let layout = self.layout
        DispatchQueue.concurrentPerform(iterations: 2) { index in
            results.record(Result { try layout.create(on: sessions[index]) })
        }
        let created = try results.all.map { try $0.get() }
        #expect(created.count == 2)
        #expect(created.flatMap { $0 }.sorted() == layout.tableNames.sorted())
    }

    @Test func upsertOnAUniqueKeyUpdatesTheExistingRow() throws {
        let session = try scratch.session()
        try layout.create(on: session)
        let trip = try #require(layout.table(named: "Trip"))
        let upsert = try #require(trip.upsertSQL(onKey: ["name", "startDate"]))
        let start = PostgresValue.double(800_000_000)
        let first = try session.query(upsert, [.text("Alps"), start, .null, .text("planned"), .jsonb("[]")])
        let second = try session.query(upsert, [.text("Alps"), start, .text("bring boots"), .text("underway"), .jsonb("[\"ski\"]")])
        #expect(first.first?[0] == second.first?[0])
        let rows = try session.query(trip.selectSQL)
        #expect(rows.count == 1)
        #expect(rows.first?["notes"] == .text("bring boots"))
        #expect(rows.first?["status"] == .text("underway"))
    }

    @Test func aRowOfEveryAttributeTypeReadsBackThroughItsCodecs() throws {
        let session = try scratch.session()
        try layout.create(on: session)
        let table = try #require(layout.table(named: "Specimen"))
        let entity = try #require(Schema([Specimen.self]).entitiesByName["Specimen"])
        let codecs = try table.columns.map { column in
            try #require(entity.attributesByName[column].flatMap(PostgresAttributeCodec.init(attribute:)))
        }
        let specimen = Specimen()
        specimen.decimal = try #require(Decimal(string: "0.1234567890123456789012345678"))
        specimen.date = Date(timeIntervalSinceReferenceDate: 785_000_000.123_456_7)
        specimen.address = Address(street: "Bahnhofstrasse 1", zip: "8001")
        specimen.mood = .excited
        specimen.optionalInt = nil
        let values: [Any] = [specimen.int, specimen.int8, specimen.uint64, specimen.double, specimen.float, specimen.bool, specimen.string,
                             specimen.url as Any, specimen.date, specimen.decimal, specimen.uuid, specimen.data, specimen.priority,
                             specimen.mood, specimen.address, specimen.tags, specimen.optionalInt as Any, specimen.optionalMood as Any]
        try #require(values.count == codecs.count)
        let binds = try zip(codecs, values).map { codec, value in try codec.encode(value) }
        let key = try session.query(table.insertSQL, binds).first?[0]
        let row = try #require(try session.query(table.selectSQL + " WHERE t.\"Z_PK\" = $1", [key ?? .null]).first)
        let decoded = try zip(codecs, row.values.dropFirst()).map { codec, value in try codec.encode(try codec.decode(value)) }
        #expect(decoded == binds)
    }
}

/// Results of creations run on several threads.
private final class CreationResults: @unchecked Sendable {
    private let lock = NSLock()
    private var results: [Result<[String], any Error>] = []
    func record(_ result: Result<[String], any Error>) { lock.withLock { results.append(result) } }
    var all: [Result<[String], any Error>] { lock.withLock { results } }
}
#endif
