import CustomStoreSupport
import Foundation
import OpenSwiftData
import Testing

@Suite struct DefaultSnapshotTests {
    @Test func aSnapshotRoundTripsThroughJSON() throws {
        let folder = try JSONStoreFolder()
        let context = ModelContext(try folder.container())
        let voyage = Voyage(name: "Lisbon", days: 3)
        context.insert(voyage)
        voyage.legs = [Leg(name: "out")]
        let snapshot = try DefaultSnapshot(from: voyage)
        let decoded = try JSONDecoder().decode(DefaultSnapshot.self, from: JSONEncoder().encode(snapshot))
        #expect(decoded == snapshot)
    }

    @Test func aSnapshotHoldsAttributesAndRelatedIdentifiers() throws {
        let folder = try JSONStoreFolder()
        let context = ModelContext(try folder.container())
        let voyage = Voyage(name: "Lisbon", days: 3)
        context.insert(voyage)
        let leg = Leg(name: "out")
        voyage.legs = [leg]
        let snapshot = try DefaultSnapshot(from: voyage)
        #expect(snapshot.value(forKey: "name", as: String.self) == "Lisbon")
        #expect(snapshot.value(forKey: "days", as: Int.self) == 3)
        #expect(snapshot.identifiers(forKey: "legs") == [leg.persistentModelID])
        #expect(snapshot.identifier(forKey: "guide") == nil)
    }

    @Test func aUInt64AboveInt64MaxReadsBackFromASnapshot() throws {
        let snapshot = try DefaultSnapshot(from: UnsignedTally(total: .max))
        #expect(snapshot.value(forKey: "total", as: UInt64.self) == .max)
    }

    @Test func identifiersOfEqualPrimaryKeysAreEqual() throws {
        let key = UUID()
        let first = try PersistentIdentifier.identifier(for: "store", entityName: "Voyage", primaryKey: key)
        let second = try PersistentIdentifier.identifier(for: "store", entityName: "Voyage", primaryKey: key)
        let other = try PersistentIdentifier.identifier(for: "store", entityName: "Voyage", primaryKey: UUID())
        #expect(first == second)
        #expect(first != other)
    }

    @Test func anIdentifierWithAPrimaryKeyRoundTripsThroughJSON() throws {
        let id = try PersistentIdentifier.identifier(for: "store", entityName: "Voyage", primaryKey: "lisbon-1")
        let decoded = try JSONDecoder().decode(PersistentIdentifier.self, from: JSONEncoder().encode(id))
        #expect(decoded == id)
    }
}

@Model final class UnsignedTally {
    var total: UInt64
    init(total: UInt64) { self.total = total }
}
