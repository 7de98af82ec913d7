import Foundation
import OpenSwiftData
import Testing

/// The inverse of a relationship may be a `public private(set)` property: setting
/// the other side keeps it in step, and both sides read back from the store.
@Suite struct PrivateSetterInverseTests {
    @Test func settingTheOtherSideAddsToThePrivateSetterSide() throws {
        let context = ModelContext(try inMemoryContainer(Bookcase.self, Volume.self))
        let bookcase = Bookcase(room: "study")
        let volume = Volume(title: "Dune")
        context.insert(bookcase)
        volume.bookcase = bookcase
        #expect(bookcase.volumes?.map(\.title) == ["Dune"])
    }

    @Test func appendingThroughTheClassSetsTheOtherSide() throws {
        let context = ModelContext(try inMemoryContainer(Bookcase.self, Volume.self))
        let bookcase = Bookcase(room: "study")
        context.insert(bookcase)
        let volume = Volume(title: "Dune")
        bookcase.shelve(volume)
        #expect(volume.bookcase === bookcase)
    }

    @Test func bothSidesRoundTripThroughANewContainer() throws {
        let store = TestStore()
        do {
            let context = ModelContext(try store.container(Bookcase.self, Volume.self))
            let bookcase = Bookcase(room: "study")
            context.insert(bookcase)
            Volume(title: "Dune").bookcase = bookcase
            try context.save()
        }
        let context = ModelContext(try store.container(Bookcase.self, Volume.self))
        let bookcases = try context.fetch(FetchDescriptor<Bookcase>())
        try #require(bookcases.count == 1)
        #expect(bookcases[0].volumes?.map(\.title) == ["Dune"])
        #expect(bookcases[0].volumes?.first?.bookcase === bookcases[0])
    }
}
