#if PostgreSQL
import Foundation
import OpenSwiftData
import Testing
@testable import OpenSwiftDataPostgres

@Model final class RowSourceSample {
    var count: Int = 0
    var optionalCount: Int? = nil
    var small: Int8 = 0
    var wide: UInt64 = 0
    var price: Double = 0
    var ratio: Float = 0
    var seen: Date? = nil
    var name: String = ""
    var link: URL? = nil
    var isActive: Bool = false
    var token: UUID = UUID()
    var payload: Data? = nil
    var amount: Decimal = 0
    var tags: [String] = []
    init() {}
}

/// A PostgreSQL row's cells, as a model's reader reads them: each in the engine's
/// stored form (what the SQLite store keeps), so that values compare alike on both stores.
@Suite(.enabled(if: PostgresTestServer.isConfigured, "set OSD_POSTGRES_URL to a postgres:// URL; .ci/postgres starts a server and sets it"))
struct RowSourceTests {
    private let scratch: TemporarySchema

    init() throws {
        scratch = try TemporarySchema(create: false)
    }

    private func savedSample() throws -> (RowSourceSample, PostgresStore) {
        let container = try ModelContainer(for: RowSourceSample.self, configurations: PostgresConfiguration(location: scratch.location, maximumConnections: 1))
        let sample = RowSourceSample()
        sample.count = -7
        sample.small = -3
        sample.wide = .max
        sample.price = 0.1
        sample.ratio = 2.5
        sample.seen = Date(timeIntervalSinceReferenceDate: 600_000_000.125)
        sample.name = "Zürich 🃏"
        sample.link = URL(string: "https://example.com/a?b=c")
        sample.isActive = true
        sample.payload = Data([0, 1, 255])
        sample.amount = Decimal(string: "12.345")!
        sample.tags = ["a", "b"]
        let context = ModelContext(container)
        context.insert(sample)
        try context.save()
        return (sample, try PostgresStore(PostgresConfiguration(location: scratch.location, schema: Schema([RowSourceSample.self]),
                                                                maximumConnections: 1), migrationPlan: nil))
    }

    /// JSON is the exception: jsonb keeps its own spacing, so it reads as the same value.
    @Test func everyCellReadsInTheFormTheSQLiteStoreKeeps() throws {
        let (sample, store) = try savedSample()
        let mapping = try store.mapping(for: "RowSourceSample")
        let rows = try scratch.session().rawRows(mapping.selectSQL)
        let row = try #require(rows.first)
        let source = PostgresRowSource()
        source.load(row, key: 1)
        let snapshot = try DefaultSnapshot(from: sample)
        for property in mapping.entity.persistedProperties where property.attribute != nil && property.name != "tags" {
            let column = mapping.readerColumns[property.index]
            #expect(DefaultSnapshot.Value(source.storedValue(at: column)) == snapshot.values[property.name], "\(property.name)")
        }
        let tagsProperty = try #require(mapping.entity.persistedProperties.first { $0.name == "tags" })
        guard case .text(let tags) = source.storedValue(at: mapping.readerColumns[tagsProperty.index]) else {
            Issue.record("tags do not read as JSON text")
            return
        }
        #expect(try JSONDecoder().decode([String].self, from: Data(tags.utf8)) == ["a", "b"])
    }

    @Test func aFetchedModelHoldsEveryValueSaved() throws {
        let (sample, _) = try savedSample()
        let container = try ModelContainer(for: RowSourceSample.self, configurations: PostgresConfiguration(location: scratch.location, maximumConnections: 1))
        let fetched = try #require(try ModelContext(container).fetch(FetchDescriptor<RowSourceSample>()).first)
        #expect(fetched.count == sample.count)
        #expect(fetched.optionalCount == nil)
        #expect(fetched.small == sample.small)
        #expect(fetched.wide == sample.wide)
        #expect(fetched.price == sample.price)
        #expect(fetched.ratio == sample.ratio)
        #expect(fetched.seen == sample.seen)
        #expect(fetched.name == sample.name)
        #expect(fetched.link == sample.link)
        #expect(fetched.isActive == sample.isActive)
        #expect(fetched.token == sample.token)
        #expect(fetched.payload == sample.payload)
        #expect(fetched.amount == sample.amount)
        #expect(fetched.tags == sample.tags)
    }

    @Test func aNumberAskedOfATextCellIsUnreadable() throws {
        let rows = try scratch.session().rawRows("SELECT 'seven'::text")
        let source = PostgresRowSource()
        source.load(try #require(rows.first), key: 1)
        #expect(throws: _UnreadableValue.self) { try source.integer(at: 0) }
        #expect(source.storedValue(at: 0) == .text("seven"))
    }
}
#endif
