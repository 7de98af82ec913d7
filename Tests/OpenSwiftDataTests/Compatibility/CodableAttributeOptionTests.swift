import Foundation
import GRDB
import OpenSwiftData
import Testing

/// `@Attribute(.codable)` of iOS 27's SwiftData: the value is stored through its
/// `Codable` representation. Here every `Codable` value is stored so (JSON text), so the
/// option compiles, is recorded, and stores the value as the same attribute without it.
@Suite struct CodableAttributeOptionTests {
    @Test func aCodableAttributeReadsBackFromTheStore() throws {
        let store = TestStore()
        let context = ModelContext(try store.container(Pin.self))
        context.insert(Pin(label: "home", place: PinPlace(latitude: 48.85, longitude: 2.35, name: "Paris")))
        try context.save()
        let fetched = try ModelContext(try store.container(Pin.self)).fetch(FetchDescriptor<Pin>())
        #expect(fetched.map(\.place) == [PinPlace(latitude: 48.85, longitude: 2.35, name: "Paris")])
    }

    @Test func theStoreHoldsTheValuesJSON() throws {
        let store = TestStore()
        let context = ModelContext(try store.container(Pin.self))
        context.insert(Pin(label: "home", place: PinPlace(latitude: 1, longitude: 2, name: "x")))
        try context.save()
        let stored = try SQLiteInspector(url: store.url).queue.read { db in
            try String.fetchOne(db, sql: #"SELECT "place" FROM "Pin""#)
        }
        let object = try JSONSerialization.jsonObject(with: Data((stored ?? "").utf8)) as? [String: Any]
        #expect(object?["name"] as? String == "x")
    }

    @Test func aPredicateOnAFieldOfTheValueRunsInSQL() throws {
        let container = try inMemoryContainer(Pin.self)
        let setup = ModelContext(container)
        setup.insert(Pin(label: "home", place: PinPlace(latitude: 48.85, longitude: 2.35, name: "Paris")))
        setup.insert(Pin(label: "work", place: PinPlace(latitude: 45.76, longitude: 4.83, name: "Lyon")))
        try setup.save()
        let context = ModelContext(container)
        let descriptor = FetchDescriptor<Pin>(predicate: #Predicate { $0.place.name == "Paris" })
        #expect(try !context.explain(descriptor).filtersInSwift)
        #expect(try context.fetch(descriptor).map(\.label) == ["home"])
    }

    @Test func theAttributeIsMarkedCodable() throws {
        let entity = try #require(Schema([Pin.self]).entitiesByName["Pin"])
        #expect(entity.attributesByName["place"]?.isCodable == true)
        #expect(entity.attributesByName["label"]?.isCodable == false)
    }

    @Test func theOptionIsEncodedByNameInTheSchema() throws {
        let data = try JSONEncoder().encode([Schema.Attribute.Option.codable])
        #expect(String(decoding: data, as: UTF8.self) == #"["codable"]"#)
        #expect(try JSONDecoder().decode([Schema.Attribute.Option].self, from: data) == [.codable])
    }

    @Test func aCompositeAttributeIsAnAttributeWithItsParts() {
        let composite = Schema.CompositeAttribute(name: "place", options: [.codable], valueType: PinPlace.self)
        composite.properties = [Schema.Attribute(name: "latitude", valueType: Double.self),
                                Schema.Attribute(name: "name", valueType: String.self)]
        let attribute: Schema.Attribute = composite
        #expect(attribute.isCodable)
        #expect(composite.properties.map(\.name) == ["latitude", "name"])
    }
}

struct PinPlace: Codable, Equatable {
    var latitude: Double
    var longitude: Double
    var name: String
}

@Model final class Pin {
    var label: String
    @Attribute(.codable) var place: PinPlace

    init(label: String, place: PinPlace) {
        self.label = label
        self.place = place
    }
}
