import Foundation
import OpenSwiftData
import Testing

/// `Schema.Entity`'s own initialisers, as SwiftData's: an entity built by hand describes
/// a model (for export, custom stores, migration tooling) without a Swift type.
@Suite struct HandBuiltEntityTests {
    private static func attribute(_ name: String, _ type: any Any.Type, _ options: [Schema.Attribute.Option] = []) -> Schema.Attribute {
        Schema.Attribute(name: name, options: options, valueType: type)
    }

    @Test func anEntityBuiltFromANameHasThatNameAndNoProperties() {
        let entity = Schema.Entity("Trip")
        #expect(entity.name == "Trip")
        #expect(entity.properties.isEmpty)
        #expect(entity.superentity == nil)
    }

    @Test func anEntityBuiltWithPropertiesListsThemInOrderAndByName() {
        let entity = Schema.Entity("Trip", properties: Self.attribute("name", String.self), Self.attribute("startDate", Date.self))
        #expect(entity.properties.map(\.name) == ["name", "startDate"])
        #expect(entity.attributesByName["startDate"].map { ObjectIdentifier($0.valueType) } == ObjectIdentifier(Date.self))
        #expect(entity.storedPropertiesByName.keys.sorted() == ["name", "startDate"])
    }

    @Test func uniqueAttributesAndUniqueConstraintsBecomeTheEntitysUniquenessConstraints() {
        let entity = Schema.Entity("Trip", properties: Self.attribute("code", String.self, [.unique]), Self.attribute("name", String.self),
                                   Self.attribute("startDate", Date.self), Schema.Unique<Trip>([\.name, \.startDate]))
        #expect(entity.uniquenessConstraints == [["code"], ["name", "startDate"]])
        #expect(entity.properties.map(\.name) == ["code", "name", "startDate"])
    }

    @Test func indexPropertiesBecomeTheEntitysIndices() {
        let entity = Schema.Entity("Trip", properties: Self.attribute("name", String.self), Schema.Index<Trip>([\.name]))
        #expect(entity.indices == [["name"]])
        #expect(entity.uniquenessConstraints.isEmpty)
    }

    @Test func subentitiesTakeTheEntityAsTheirSuperentity() {
        let business = Schema.Entity("BusinessTrip", properties: Self.attribute("perDiem", Double.self))
        let trip = Schema.Entity("Trip", subentities: business, properties: Self.attribute("name", String.self))
        #expect(trip.subentities == [business])
        #expect(business.superentity === trip)
        #expect(business.superentityName == "Trip")
        #expect(business.inheritedProperties.map(\.name) == ["name"])
    }

    @Test func aHandBuiltEntityEncodesAndDecodesWithItsPropertiesAndConstraints() throws {
        let entity = Schema.Entity("Trip", properties: Self.attribute("code", String.self, [.unique]), Self.attribute("name", String.self),
                                   Schema.Index<Trip>([\.name]))
        let decoded = try JSONDecoder().decode(Schema.Entity.self, from: JSONEncoder().encode(entity))
        #expect(decoded.name == "Trip")
        #expect(decoded.properties.map(\.name) == ["code", "name"])
        #expect(decoded.uniquenessConstraints == [["code"]])
        #expect(decoded.indices == [["name"]])
    }

    @Test func aContainerRefusesASchemaOfHandBuiltEntitiesNamingTheEntity() {
        let schema = Schema(Schema.Entity("Ledger", properties: Self.attribute("total", Decimal.self)))
        do {
            _ = try ModelContainer(for: schema, configurations: ModelConfiguration(isStoredInMemoryOnly: true))
            Issue.record("a container opened a store for an entity without a model type")
        } catch {
            #expect("\(error)".contains("Ledger"))
            #expect("\(error)".contains("built by hand"))
        }
    }

    @Test func aSchemaPropertyEncodesThroughTheProtocolAsItsKindDoes() throws {
        let attribute = Self.attribute("name", String.self, [.unique])
        let property: any SchemaProperty = attribute
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        #expect(try encoder.encode(property) == encoder.encode(attribute))
    }
}
