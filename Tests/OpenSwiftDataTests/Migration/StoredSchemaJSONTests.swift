import Foundation
@testable import OpenSwiftData
import Testing

/// The schema's JSON, written directly, is the text `JSONEncoder` writes for it with
/// sorted keys, byte for byte: stores recorded by either read as up to date.
@Suite struct StoredSchemaJSONTests {
    private func encoderText(_ schema: StoredSchema) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return String(decoding: try encoder.encode(schema), as: UTF8.self)
    }

    @Test func theJSONOfEveryKindOfPropertyIsTheEncoders() throws {
        let schema = StoredSchema(entities: [
            .sampleCard,
            StoredEntity(name: "Empty", attributes: [], relationships: [], uniquenessConstraints: [], indices: [["a", "b"]]),
        ])
        #expect(schema.json == (try encoderText(schema)))
    }

    @Test func namesThatNeedEscapingAreEscapedAsTheEncoderDoes() throws {
        let names = ["a/b", "quote\"d", "back\\slash", "line\nbreak", "tab\tand\r", "\u{1}\u{1F}\u{8}\u{C}", "Grüße 世界 🃏", "Dictionary<String, Int>"]
        let schema = StoredSchema(entities: names.map { name in
            StoredEntity(name: name,
                         attributes: [StoredAttribute(name: name, columnType: "TEXT", valueType: name, encoding: "json", isOptional: false)],
                         relationships: [], uniquenessConstraints: [[name]], indices: [])
        })
        #expect(schema.json == (try encoderText(schema)))
    }

    @Test func theJSONOfModelSchemasIsTheEncoders() throws {
        for schema in [Schema(versionedSchema: CardShowV1.self), Schema(versionedSchema: CardShowV2.self),
                       Schema(versionedSchema: CardShowV4.self), Schema(CardsV1.models), Schema(AddOptionalAttribute.models)] {
            let stored = try StoredSchema(schema)
            #expect(stored.json == (try encoderText(stored)))
        }
    }
}
