import Foundation
import OpenSwiftData
import Testing

/// `DataStoreSnapshot.init(from:relatedBackingDatas:)`: a snapshot made from a
/// model's backing data, as SwiftData's contexts make them for a custom store.
@Suite struct SnapshotFromBackingDataTests {
    @Test func aSnapshotOfAModelsBackingDataHoldsItsAttributes() {
        let almanac = Almanac(title: "Farmers", edition: 3)
        var related: [PersistentIdentifier: any BackingData] = [:]
        let snapshot = DefaultSnapshot(from: almanac.persistentBackingData, relatedBackingDatas: &related)
        #expect(snapshot.persistentIdentifier == almanac.persistentModelID)
        #expect(snapshot.value(forKey: "title", as: String.self) == "Farmers")
    }

    @Test func aSnapshotNamesTheModelsOfItsRelationshipsAndCollectsTheirBackingData() {
        let almanac = Almanac(title: "Farmers", edition: 3)
        let page = AlmanacPage(number: 1)
        almanac.pages = [page]
        var related: [PersistentIdentifier: any BackingData] = [:]
        let snapshot = DefaultSnapshot(from: almanac.persistentBackingData, relatedBackingDatas: &related)
        #expect(snapshot.identifiers(forKey: "pages") == [page.persistentModelID])
        #expect(Array(related.keys) == [page.persistentModelID])
    }

    @Test func aSnapshotOfAHandExpandedModelHoldsItsValues() {
        let expedition = Expedition(name: "Atlas", budget: 1200)
        _ = expedition.name
        var related: [PersistentIdentifier: any BackingData] = [:]
        let snapshot = DefaultSnapshot(from: expedition.persistentBackingData, relatedBackingDatas: &related)
        #expect(snapshot.value(forKey: "budget", as: Int.self) == 1200)
    }

    @Test func theSnapshotCodingKeyNamesTheIdentifierAndProperties() {
        #expect(DataStoreSnapshotCodingKey(stringValue: "persistentIdentifier")?.stringValue == "persistentIdentifier")
        #expect(DataStoreSnapshotCodingKey.modeledProperty("title").stringValue == "title")
        #expect(DataStoreSnapshotCodingKey(intValue: 0) == nil)
    }
}
