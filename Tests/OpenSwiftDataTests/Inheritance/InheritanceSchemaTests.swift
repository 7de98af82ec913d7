import Foundation
import OpenSwiftData
import Testing

/// A `@Model` subclass is an entity of its own whose superentity is its superclass's,
/// as `Schema.Entity` describes inheritance in SwiftData.
@Suite struct InheritanceSchemaTests {
    private let schema = Schema([Journey.self, BusinessJourney.self, PersonalJourney.self, Traveller.self])

    @Test func subentityNamesItsSuperentity() throws {
        let entity = try #require(schema.entitiesByName["BusinessJourney"])
        #expect(entity.superentity?.name == "Journey")
        #expect(entity.superentityName == "Journey")
    }

    @Test func rootEntityHasNoSuperentity() throws {
        let entity = try #require(schema.entitiesByName["Journey"])
        #expect(entity.superentity == nil)
        #expect(entity.superentityName == nil)
    }

    @Test func superentityListsItsSubentities() throws {
        let entity = try #require(schema.entitiesByName["Journey"])
        #expect(Set(entity.subentities.map(\.name)) == ["BusinessJourney", "PersonalJourney"])
    }

    @Test func subentityInheritsItsSuperentitysProperties() throws {
        let entity = try #require(schema.entitiesByName["BusinessJourney"])
        #expect(Set(entity.inheritedPropertiesByName.keys) == ["name", "start", "traveller"])
        #expect(Set(entity.inheritedProperties.map(\.name)) == ["name", "start", "traveller"])
    }

    @Test func subentityHasItsOwnAndItsInheritedProperties() throws {
        let entity = try #require(schema.entitiesByName["BusinessJourney"])
        #expect(Set(entity.properties.map(\.name)) == ["perDiem", "client", "name", "start", "traveller"])
        #expect(entity.relationshipsByName["traveller"] != nil)
    }

    @Test func rootEntityHasNoInheritedProperties() throws {
        let entity = try #require(schema.entitiesByName["Journey"])
        #expect(entity.inheritedProperties.isEmpty)
        #expect(Set(entity.properties.map(\.name)) == ["name", "start", "traveller"])
    }

    @Test func schemaOfASubclassIncludesItsSuperclass() {
        let names = Schema([BusinessJourney.self]).entities.map(\.name)
        #expect(names.contains("Journey"))
        #expect(names.contains("BusinessJourney"))
    }
}
