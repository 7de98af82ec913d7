import Foundation
import OpenSwiftData
import Testing

/// `Schema` is `Codable`, as SwiftData's is, and `save(to:)`/`load(from:)` write and
/// read it: the decoded schema has the same entities, attributes, relationships,
/// constraints and indexes.
@Suite struct SchemaCodingTests {
    private static let schema = Schema([Trip.self, Tag.self], version: Schema.Version(2, 1, 0))

    private static func roundTrip(_ schema: Schema) throws -> Schema {
        try JSONDecoder().decode(Schema.self, from: JSONEncoder().encode(schema))
    }

    private static func typeID(_ type: (any Any.Type)?) -> ObjectIdentifier? {
        type.map { ObjectIdentifier($0) }
    }

    private static func entity(_ name: String, of schema: Schema) throws -> Schema.Entity {
        try #require(schema.entitiesByName[name])
    }

    @Test func aDecodedSchemaEqualsTheOriginal() throws {
        let decoded = try Self.roundTrip(Self.schema)
        #expect(decoded == Self.schema)
        #expect(decoded.version == Schema.Version(2, 1, 0))
        #expect(decoded.entities.map(\.name) == Self.schema.entities.map(\.name))
    }

    @Test func aDecodedSchemaRecordsItsEncodingVersion() throws {
        #expect(try Self.roundTrip(Self.schema).encodingVersion == Schema.schemaEncodingVersion)
    }

    @Test func decodedAttributesKeepTheirNamesTypesAndOptionality() throws {
        let trip = try Self.entity("Trip", of: Self.roundTrip(Self.schema))
        #expect(trip.properties.map(\.name) == ["name", "startDate", "notes", "status", "tags", "stops"])
        #expect(Self.typeID(trip.attributesByName["name"]?.valueType) == ObjectIdentifier(String.self))
        #expect(Self.typeID(trip.attributesByName["startDate"]?.valueType) == ObjectIdentifier(Date.self))
        #expect(Self.typeID(trip.attributesByName["tags"]?.valueType) == ObjectIdentifier([String].self))
        #expect(trip.attributesByName["notes"]?.isOptional == true)
        #expect(trip.attributesByName["name"]?.isOptional == false)
    }

    @Test func decodedAttributesKeepTheirOptions() throws {
        let tag = try Self.entity("Tag", of: Self.roundTrip(Self.schema))
        #expect(tag.attributesByName["label"]?.options == [.unique])
        #expect(tag.attributesByName["label"]?.isUnique == true)
    }

    @Test func anAttributeOfAnotherTypeDecodesAsAnyAndEncodesUnderItsName() throws {
        let original = try #require(try Self.entity("Trip", of: Self.schema).attributesByName["status"])
        let decoded = try #require(try Self.entity("Trip", of: Self.roundTrip(Self.schema)).attributesByName["status"])
        #expect(ObjectIdentifier(decoded.valueType) == ObjectIdentifier(Any.self))
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        #expect(try encoder.encode(decoded) == encoder.encode(original))
    }

    @Test func decodedRelationshipsKeepDestinationRuleAndInverse() throws {
        let decoded = try Self.roundTrip(Self.schema)
        let stops = try #require(try Self.entity("Trip", of: decoded).relationshipsByName["stops"])
        #expect(stops.destination == "Stop")
        #expect(stops.deleteRule == .cascade)
        #expect(stops.inverseName == "trip")
        #expect(stops.isToOneRelationship == false)
        let trip = try #require(try Self.entity("Stop", of: decoded).relationshipsByName["trip"])
        #expect(trip.isToOneRelationship && trip.isOptional)
        #expect(trip.deleteRule == .nullify)
    }

    @Test func decodedEntitiesKeepUniquenessConstraintsAndIndices() throws {
        let trip = try Self.entity("Trip", of: Self.roundTrip(Self.schema))
        #expect(trip.uniquenessConstraints == [["name", "startDate"]])
        #expect(trip.indices == [["name"]])
    }

    @Test func reEncodingADecodedSchemaGivesTheSameEncoding() throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let once = try encoder.encode(Self.schema)
        let twice = try encoder.encode(JSONDecoder().decode(Schema.self, from: once))
        #expect(once == twice)
    }

    @Test func aSavedSchemaLoadsEqual() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("SchemaCodingTests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let url = directory.appendingPathComponent("schema.json")
        try Self.schema.save(to: url)
        let loaded = try Schema.load(from: url)
        #expect(loaded == Self.schema)
        #expect(try Self.entity("Trip", of: loaded).relationshipsByName["stops"]?.deleteRule == .cascade)
    }

    @Test func loadingAMissingFileNamesIt() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("no-such-schema-\(UUID().uuidString).json")
        do {
            _ = try Schema.load(from: url)
            Issue.record("loading a missing file succeeded")
        } catch let error as OpenSwiftDataError {
            #expect(error.description.contains(url.path))
        }
    }

    @Test func aContainerRefusesADecodedSchemaNamingTheFix() throws {
        let decoded = try Self.roundTrip(Schema([Tag.self]))
        do {
            _ = try ModelContainer(for: decoded, configurations: [ModelConfiguration(isStoredInMemoryOnly: true)])
            Issue.record("a container opened with a decoded schema")
        } catch let error as SwiftDataError {
            #expect(error == .loadIssueModelContainer)
            #expect(error.explanation?.description.contains("Schema([Tag.self])") == true)
        }
    }

    @Test func aSchemaOfAnotherSchemasEntitiesOpensAContainer() throws {
        let entity = try #require(Schema([Place.self]).entities.first)
        let schema = Schema(entity, version: Schema.Version(1, 2, 0))
        let context = ModelContext(try ModelContainer(for: schema, configurations: [ModelConfiguration(isStoredInMemoryOnly: true)]))
        context.insert(Place(name: "kept", latitude: 1, longitude: 2))
        try context.save()
        #expect(try context.fetchCount(FetchDescriptor<Place>()) == 1)
    }
}
