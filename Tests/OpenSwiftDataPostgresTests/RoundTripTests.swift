#if PostgreSQL
import Foundation
import Testing
@testable import OpenSwiftDataPostgres

/// Each attribute type, written to a column of its type and read back, is the same value.
@Suite(.enabled(if: PostgresTestServer.isConfigured, "set OSD_POSTGRES_URL to a postgres:// URL; .ci/postgres starts a server and sets it"))
final class RoundTripTests {
    private let scratch: TemporarySchema
    private let session: PostgresSession

    init() throws {
        scratch = try TemporarySchema()
        session = try scratch.session()
    }

    /// Stores each value in a new column of the type's column type and reads them back.
    private func roundTrip<T>(_ values: [T]) throws -> [T] {
        let codec = try #require(PostgresAttributeCodec(for: T.self))
        try session.execute("DROP TABLE IF EXISTS \"values\"")
        try session.execute("CREATE TABLE \"values\" (\"position\" BIGINT, \"value\" \(codec.columnType.sqlName))")
        for (position, value) in values.enumerated() {
            try session.execute("INSERT INTO \"values\" VALUES ($1, $2)", [.bigint(Int64(position)), try codec.encode(value)])
        }
        let rows = try session.query("SELECT \"value\" FROM \"values\" ORDER BY \"position\"")
        return try rows.map { row in try #require(try codec.decode(row[0]) as? T) }
    }

    @Test func integersKeepEveryValueOfTheirWidth() throws {
        #expect(try roundTrip([Int.min, -1, 0, Int.max]) == [Int.min, -1, 0, Int.max])
        #expect(try roundTrip([Int8.min, Int8.max]) == [Int8.min, Int8.max])
        #expect(try roundTrip([UInt32.max]) == [UInt32.max])
    }

    @Test func unsignedSixtyFourBitIntegersKeepValuesAboveInt64Max() throws {
        #expect(try roundTrip([UInt64.max, UInt64(Int64.max) + 1, 0]) == [UInt64.max, UInt64(Int64.max) + 1, 0])
    }

    @Test func doublesAndFloatsKeepEveryBit() throws {
        let doubles = [0.1, -0.0, .pi, .greatestFiniteMagnitude, .leastNonzeroMagnitude, .infinity, -.infinity]
        let read = try roundTrip(doubles)
        #expect(read.map(\.bitPattern) == doubles.map(\.bitPattern))
        #expect(try roundTrip([Float(0.1), Float.greatestFiniteMagnitude]) == [Float(0.1), Float.greatestFiniteMagnitude])
    }

    @Test func boolsStayBools() throws {
        #expect(try roundTrip([true, false]) == [true, false])
    }

    @Test func unicodeTextIsKeptExactly() throws {
        let texts = ["", "Zürich", "🃏 Charizard", "中文", "e\u{301}", "quote \" and 'single' and \\ backslash", String(repeating: "x", count: 100_000)]
        #expect(try roundTrip(texts) == texts)
    }

    @Test func datesKeepTheStoresPrecision() throws {
        // A Double second count since 2001 keeps about a tenth of a microsecond today: all of it comes back.
        let dates = [Date(timeIntervalSinceReferenceDate: 785_000_000.123_456_7), Date(timeIntervalSinceReferenceDate: -1e9 + 0.5),
                     Date(timeIntervalSinceReferenceDate: 0), Date.distantFuture]
        let read = try roundTrip(dates)
        #expect(read.map(\.timeIntervalSinceReferenceDate.bitPattern) == dates.map(\.timeIntervalSinceReferenceDate.bitPattern))
    }

    @Test func decimalsKeepTwentyEightDigits() throws {
        let decimals = try ["1234567890.123456789012345678", "-0.0000000000000000000000000001", "9999999999999999999999999999",
                            "0", "9.99", "-12345678901234567890123456.78", "100000000000000000000"].map {
            try #require(Decimal(string: $0, locale: Locale(identifier: "en_US_POSIX")))
        }
        #expect(try roundTrip(decimals) == decimals)
    }

    @Test func uuidsAreKept() throws {
        let uuids = [UUID(), try #require(UUID(uuidString: "00000000-0000-0000-0000-000000000000")), UUID()]
        #expect(try roundTrip(uuids) == uuids)
    }

    @Test func dataKeepsEveryByte() throws {
        let blobs = [Data(), Data((0...255).map { UInt8($0) }), Data(repeating: 0, count: 3)]
        #expect(try roundTrip(blobs) == blobs)
    }

    @Test func urlsAreKept() throws {
        let urls = try ["https://example.com/a?b=c#d", "file:///tmp/x%20y"].map { try #require(URL(string: $0)) }
        #expect(try roundTrip(urls) == urls)
    }

    @Test func enumsAreStoredAsTheirRawValues() throws {
        #expect(try roundTrip([Mood.calm, .excited]) == [.calm, .excited])
        #expect(try roundTrip([Priority.high, .low]) == [.high, .low])
        let stored = try session.query("SELECT \"value\" FROM \"values\" ORDER BY \"position\"")
        #expect(stored.map { $0[0] } == [.bigint(9), .bigint(1)])
    }

    @Test func codableValuesComeBackFromJSONB() throws {
        let addresses = [Address(street: "Main St 1", zip: nil), Address(street: "Ringstraße \"2\"", zip: "8001")]
        #expect(try roundTrip(addresses) == addresses)
    }

    @Test func arraysOfStringsComeBackInOrder() throws {
        #expect(try roundTrip([["b", "a", "ä"], []]) == [["b", "a", "ä"], []])
    }

    @Test func optionalsStoreNilAsNull() throws {
        let values: [Decimal?] = [nil, Decimal(string: "1.5"), nil]
        #expect(try roundTrip(values) == values)
        let nulls = try session.query("SELECT count(*) FROM \"values\" WHERE \"value\" IS NULL")
        #expect(nulls.first?[0] == .bigint(2))
    }

    @Test func optionalEnumsAndStructsStoreNilAsNull() throws {
        #expect(try roundTrip([Mood?.none, .excited]) == [nil, .excited])
    }
}
#endif
