#if PostgreSQL
import Foundation
import Testing
@testable import OpenSwiftDataPostgres

/// A column of many rows bound as one array, as saves bind them for `unnest`.
@Suite(.enabled(if: PostgresTestServer.isConfigured, "set OSD_POSTGRES_URL to a postgres:// URL; .ci/postgres starts a server and sets it"))
final class ArrayBindTests {
    private let scratch: TemporarySchema
    private let session: PostgresSession

    init() throws {
        scratch = try TemporarySchema()
        session = try scratch.session()
    }

    /// The values of an array bind of `type`, as the server reads them back one per row.
    private func unnested(_ type: PostgresColumnType, _ values: [PostgresValue]) throws -> [PostgresValue] {
        try session.query("SELECT v FROM unnest($1::\(type.sqlName)[]) WITH ORDINALITY AS a(v, n) ORDER BY n", [.array(type, values)]).map { $0[0] }
    }

    static let samples: [(PostgresColumnType, [PostgresValue])] = [
        (.bigint, [.bigint(.min), .null, .bigint(0), .bigint(.max)]),
        (.doublePrecision, [.double(0.1), .null, .double(-.infinity)]),
        (.boolean, [.boolean(true), .null, .boolean(false)]),
        (.text, [.text("Zürich \"quoted\" {braces}, commas"), .null, .text("")]),
        (.numeric, [.numeric(Decimal(string: "12345678901234567890.125") ?? 0), .null, .numeric(-1)]),
        (.uuid, [.uuid(UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F") ?? UUID()), .null]),
        (.bytea, [.bytea(Data([0, 1, 255])), .null, .bytea(Data())]),
        (.jsonb, [.jsonb("{\"a\": [1, 2]}"), .null]),
    ]

    @Test(arguments: samples.indices)
    func anArrayBindOfEachColumnTypeUnnestsToItsValuesAndNulls(_ index: Int) throws {
        let (type, values) = Self.samples[index]
        #expect(try unnested(type, values) == values)
    }

    @Test func anEmptyArrayBindUnnestsToNoRows() throws {
        #expect(try unnested(.text, []).isEmpty)
    }

    @Test func anArrayWithAValueOfAnotherTypeIsRefusedBeforeItIsSent() throws {
        #expect(throws: PostgresStoreError.valueOfWrongType(expected: "BIGINT", found: "TEXT")) {
            try self.unnested(.bigint, [.bigint(1), .text("seven")])
        }
        // The session is still usable: nothing was sent.
        #expect(try unnested(.bigint, [.bigint(1)]) == [.bigint(1)])
    }
}
#endif
