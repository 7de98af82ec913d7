import Foundation
import OpenSwiftData
import Testing

@Suite struct SchemaTests {
    @Test func entitiesIncludeEveryModelTheRelationshipsReach() {
        let schema = Schema([Author.self])
        #expect(Set(schema.entities.map(\.name)) == ["Author", "Book", "Tag"])
    }

    @Test func attributesDescribeNameTypeAndOptions() throws {
        let entity = try #require(Schema([Tag.self]).entitiesByName["Tag"])
        let label = try #require(entity.attributesByName["label"])
        #expect(ObjectIdentifier(label.valueType) == ObjectIdentifier(String.self))
        #expect(label.isUnique)
        #expect(!label.isOptional)
    }

    @Test func defaultValuesComeFromPropertyInitialisers() throws {
        let entity = try #require(Schema([Trip.self]).entitiesByName["Trip"])
        #expect(entity.attributesByName["status"]?.defaultValue as? TripStatus == .planned)
        #expect(entity.attributesByName["tags"]?.defaultValue as? [String] == [])
    }

    @Test func relationshipsDescribeDestinationRuleAndInverse() throws {
        let entity = try #require(Schema([Trip.self]).entitiesByName["Trip"])
        let stops = try #require(entity.relationshipsByName["stops"])
        #expect(stops.destination == "Stop")
        #expect(stops.deleteRule == .cascade)
        #expect(!stops.isToOneRelationship)
        #expect(stops.inverseName == "trip")
    }

    @Test func transientAndComputedPropertiesAreNotInTheSchema() throws {
        let entity = try #require(Schema([Trip.self]).entitiesByName["Trip"])
        #expect(entity.properties.map(\.name) == ["name", "startDate", "notes", "status", "tags", "stops"])
    }

    @Test func uniquenessConstraintsComeFromUniqueMacroAndAttributes() throws {
        #expect(Schema([Reading.self]).entitiesByName["Reading"]?.uniquenessConstraints == [["sensor", "day"]])
        #expect(Schema([Tag.self]).entitiesByName["Tag"]?.uniquenessConstraints == [["label"]])
    }

    @Test func versionDefaultsToOneZeroZero() {
        #expect(Schema([Tag.self]).version == Schema.Version(1, 0, 0))
    }
}
