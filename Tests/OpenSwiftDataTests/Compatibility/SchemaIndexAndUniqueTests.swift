import Foundation
import OpenSwiftData
import Testing

/// `Schema.Index` and `Schema.Unique`, and `#Index` with `.binary` and `.rtree` kinds.
@Suite struct SchemaIndexAndUniqueTests {
    @Test func typedIndexesAreTheEntitysIndices() throws {
        let entity = try #require(Schema([Place.self]).entitiesByName["Place"])
        #expect(entity.indices == [["name"], ["latitude", "longitude"]])
    }

    @Test func typedIndexesAreCreatedInTheStore() throws {
        let store = TestStore()
        _ = try store.container(Place.self)
        let indexes = try SQLiteInspector(url: store.url).indexes(of: "Place")
        #expect(indexes.contains { !$0.isUnique && $0.columns == ["name"] })
        #expect(indexes.contains { !$0.isUnique && $0.columns == ["latitude", "longitude"] })
    }

    @Test func anIndexOfKeyPathArraysIsBinary() {
        let index = Schema.Index<Trip>([\.name], [\.startDate, \.status])
        #expect(index.indices == [.binary([\.name]), .binary([\.startDate, \.status])])
    }

    @Test func anIndexKeepsEachKindInOrder() {
        let index = Schema.Index<Place>(.rtree([\.latitude, \.longitude]), .binary([\.name]))
        #expect(index.indices == [.rtree([\.latitude, \.longitude]), .binary([\.name])])
        #expect(index.propertyNames == [["latitude", "longitude"], ["name"]])
    }

    @Test func indexesOfDifferentKindsDiffer() {
        #expect(Schema.Index<Place>(.rtree([\.name])) != Schema.Index<Place>(.binary([\.name])))
    }

    @Test func anIndexDecodesToAnEqualIndex() throws {
        let index = Schema.Index<Place>(.binary([\.name]), .rtree([\.latitude, \.longitude]))
        let decoded = try JSONDecoder().decode(Schema.Index<Place>.self, from: JSONEncoder().encode(index))
        #expect(decoded == index)
    }

    @Test func anIndexOfAPropertyTheModelLacksDoesNotDecode() throws {
        let json = Data(#"{"indices":[{"kind":"binary","properties":["altitude"]}]}"#.utf8)
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(Schema.Index<Place>.self, from: json) }
    }

    @Test func aUniqueListsThePropertyNamesOfEachConstraint() {
        let unique = Schema.Unique<Trip>([\.name, \.startDate], [\.notes])
        #expect(unique.propertyNames == [["name", "startDate"], ["notes"]])
        #expect(unique.isUnique)
    }

    @Test func aUniqueDecodesToAnEqualUnique() throws {
        let unique = Schema.Unique<Trip>([\.name, \.startDate])
        let decoded = try JSONDecoder().decode(Schema.Unique<Trip>.self, from: JSONEncoder().encode(unique))
        #expect(decoded == unique)
        #expect(decoded.constraints == [[\Trip.name, \Trip.startDate]])
    }

    @Test func aUniqueOfAnotherConstraintIsNotEqual() {
        #expect(Schema.Unique<Trip>([\.name]) != Schema.Unique<Trip>([\.name, \.startDate]))
    }
}
