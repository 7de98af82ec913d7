import Foundation
import GRDB
@testable import OpenSwiftData
import Testing

/// A store's recorded schema is read back by hand, as it is written: what `JSONDecoder`
/// reads for the `Codable` types is read the same, and a damaged record is named in words.
@Suite struct StoredSchemaJSONReadingTests {
    private let schema = StoredSchema(entities: [
        .sampleCard,
        StoredEntity(name: "a/b \"q\" \\ \n\u{1} Grüße 🃏", attributes: [], relationships: [], uniquenessConstraints: [], indices: [["a", "b"]]),
    ])

    @Test func whatIsWrittenReadsBackAsTheSameSchema() throws {
        #expect(try StoredSchema(json: schema.json) == schema)
    }

    @Test func theEncodersPrettyTextInItsOwnMemberOrderReadsAsTheDecoderReadsIt() throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .withoutEscapingSlashes]
        let text = String(decoding: try encoder.encode(schema), as: UTF8.self)
        #expect(try StoredSchema(json: text) == (try JSONDecoder().decode(StoredSchema.self, from: Data(text.utf8))))
        #expect(try StoredSchema(json: text) == schema)
    }

    @Test func unknownMembersAreIgnoredAndANullInverseIsNone() throws {
        let text = """
            {"entities": [{"name": "Card", "future": [1, 2.5e-3, {"x": null}], "attributes": [], "indices": [],
              "uniquenessConstraints": [], "relationships": [{"name": "set", "destination": "Set", "isToOne": true,
              "isOptional": true, "inverse": null, "storage": {"foreignKey": {"ordered": false}}}]}], "version": "\\u00e9\\ud83c\\udccf"}
            """
        let read = try StoredSchema(json: text)
        #expect(read.entities.first?.relationships.first?.inverse == nil)
        #expect(read.entities.first?.relationships.first?.storage == .foreignKey(ordered: false))
    }

    @Test func aMissingMemberIsNamedWithTheEntityAndPropertyItBelongsTo() {
        let text = #"{"entities":[{"name":"Card","attributes":[{"name":"price","columnType":"REAL","encoding":"primitive","isOptional":false}],"relationships":[],"uniquenessConstraints":[],"indices":[]}]}"#
        #expect {
            _ = try StoredSchema(json: text)
        } throws: { error in
            "\(error)" == #"the entity Card's "attributes" number 1 has no "valueType""#
        }
    }

    @Test func aStorageOfAnUnknownKindIsNamed() {
        let text = #"{"entities":[{"name":"Card","attributes":[],"relationships":[{"name":"set","destination":"Set","isToOne":true,"isOptional":true,"storage":{"column":{}}}],"uniquenessConstraints":[],"indices":[]}]}"#
        #expect {
            _ = try StoredSchema(json: text)
        } throws: { error in
            "\(error)".contains(#"names an unknown kind of storage, "column""#)
        }
    }

    @Test func textThatIsNotJSONIsRefusedWithTheByteWhereItStops() {
        #expect {
            _ = try StoredSchema(json: #"{"entities": [}"#)
        } throws: { error in
            "\(error)" == "it is not JSON: a value was expected at byte 14"
        }
    }

    @Test func aDocumentNestedDeeperThanTheLimitIsRefusedWithoutExhaustingTheStack() {
        let text = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        #expect {
            _ = try JSONTree(parsing: text)
        } throws: { error in
            "\(error)".contains("nested more than \(JSONTree.maximumDepth) deep")
        }
    }

    @Test func aDamagedRecordRefusesTheOpenInWordsAndLeavesTheStoreUnchanged() throws {
        let store = try MigrationTestStore()
        try store.with(CardsV1.models, CardsV1.seed)
        let queue = try DatabaseQueue(path: store.url.path)
        try queue.write { db in try db.execute(sql: "UPDATE Z_METADATA SET value = '{\"entities\": [{\"name\": 7}]}' WHERE key = 'schema'") }
        try queue.close()
        let before = try store.files()
        #expect {
            try store.open(AddOptionalAttribute.models)
        } throws: { error in
            let message = OpenSwiftDataError(explaining: error)?.description ?? ""
            return message.contains(#"the schema's "entities" number 1 has a "name" that is not a string"#)
                && message.contains("the store was not changed")
        }
        #expect(try store.files() == before)
    }
}
