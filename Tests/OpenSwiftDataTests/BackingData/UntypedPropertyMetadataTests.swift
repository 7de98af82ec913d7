import Foundation
import OpenSwiftData
import Testing

/// `Schema.PropertyMetadata(name:keypath:defaultValue:metadata:)` with an `AnyKeyPath`,
/// SwiftData's only form: it describes the property as the typed forms do.
@Suite struct UntypedPropertyMetadataTests {
    private static func describe(_ name: String, _ keyPath: AnyKeyPath) -> (any SchemaProperty)? {
        Schema.PropertyMetadata(name: name, keypath: keyPath).metadata
    }

    @Test func anAttributesKeyPathDescribesAnAttributeOfItsType() throws {
        let attribute = try #require(Self.describe("name", \Trip.name) as? Schema.Attribute)
        #expect(attribute.name == "name")
        #expect(ObjectIdentifier(attribute.valueType) == ObjectIdentifier(String.self))
        #expect(!attribute.isOptional)
    }

    @Test func anOptionalAttributesKeyPathDescribesAnOptionalAttribute() throws {
        let notes = try #require(Self.describe("notes", \Trip.notes) as? Schema.Attribute)
        #expect(notes.isOptional)
    }

    @Test func anOptionalModelsKeyPathDescribesAnOptionalToOneRelationship() throws {
        let relationship = try #require(Self.describe("trip", \Stop.trip) as? Schema.Relationship)
        #expect(relationship.isToOneRelationship)
        #expect(relationship.destination == "Trip")
        #expect(relationship.isOptional)
    }

    @Test func anArrayOfModelsKeyPathDescribesAToManyRelationship() throws {
        let relationship = try #require(Self.describe("stops", \Trip.stops) as? Schema.Relationship)
        #expect(!relationship.isToOneRelationship)
        #expect(relationship.destination == "Stop")
        #expect(!relationship.isOptional)
    }

    @Test func anOptionalArrayOfModelsKeyPathDescribesAnOptionalToManyRelationship() throws {
        let relationship = try #require(Self.describe("shelves", \Library.shelves) as? Schema.Relationship)
        #expect(!relationship.isToOneRelationship)
        #expect(relationship.destination == "Shelf")
        #expect(relationship.isOptional)
    }
}
