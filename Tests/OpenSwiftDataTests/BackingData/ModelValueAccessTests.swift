import Foundation
import OpenSwiftData
import Testing

@Model final class Almanac {
    var title: String
    var edition: Int
    @Relationship(deleteRule: .cascade, inverse: \AlmanacPage.almanac) var pages: [AlmanacPage] = []
    init(title: String, edition: Int) { self.title = title; self.edition = edition }
}

@Model final class AlmanacPage {
    var number: Int
    var almanac: Almanac?
    init(number: Int) { self.number = number }
}

/// `getValue(forKey:)` and `setValue(forKey:to:)` on a `@Model` model read and write
/// its properties, as they do in SwiftData.
@Suite struct ModelValueAccessTests {
    let store = TestStore()

    @Test func getValueReadsAnAttribute() {
        let almanac = Almanac(title: "Farmers", edition: 3)
        #expect(almanac.getValue(forKey: \.title) == "Farmers")
    }

    @Test func setValueWritesAnAttribute() {
        let almanac = Almanac(title: "Farmers", edition: 3)
        almanac.setValue(forKey: \.edition, to: 4)
        #expect(almanac.edition == 4)
    }

    @Test func setValueOnASavedModelIsTrackedAndSaved() throws {
        let container = try store.container(Almanac.self, AlmanacPage.self)
        let context = ModelContext(container)
        let almanac = Almanac(title: "Farmers", edition: 3)
        context.insert(almanac)
        try context.save()

        almanac.setValue(forKey: \.title, to: "Sailors")
        #expect(almanac.hasChanges)
        try context.save()
        let fetched = try ModelContext(container).fetch(FetchDescriptor<Almanac>())
        #expect(fetched.map(\.title) == ["Sailors"])
    }

    @Test func setValueOfAToManyRelationshipSetsTheInverse() {
        let almanac = Almanac(title: "Farmers", edition: 3)
        let page = AlmanacPage(number: 1)
        almanac.setValue(forKey: \.pages, to: [page])
        #expect(page.almanac === almanac)
    }

    @Test func getValueReadsAnOptionalToOneRelationship() {
        let almanac = Almanac(title: "Farmers", edition: 3)
        let page = AlmanacPage(number: 1)
        page.almanac = almanac
        #expect(page.getValue(forKey: \.almanac) === almanac)
    }

    @Test func backingDataOfAModelIsAViewOfItsProperties() {
        let almanac = Almanac(title: "Farmers", edition: 3)
        let data = almanac.persistentBackingData
        almanac.edition = 7
        #expect(data.getValue(forKey: \Almanac.edition) == 7)
    }

    @Test func initFromBackingDataTakesItsValues() {
        let data = Almanac.createBackingData() as any BackingData<Almanac>
        data.setValue(forKey: \Almanac.title, to: "Tides")
        data.setValue(forKey: \Almanac.edition, to: 9)
        let almanac = Almanac(backingData: data)
        #expect(almanac.title == "Tides")
        #expect(almanac.edition == 9)
    }
}
