import Foundation
import OpenSwiftData
import Testing

/// Adding a subclass to a schema whose store already holds its superclass's models is
/// a lightweight migration: the rows stay, as models of the superclass.
@Suite struct InheritanceMigrationTests {
    private let start = Date(timeIntervalSinceReferenceDate: 780_000_000)

    @Test func addingASubclassKeepsTheExistingRowsAsTheSuperclass() throws {
        let store = TestStore()
        do {
            let context = ModelContext(try store.container(Journey.self))
            context.insert(Journey(name: "Weekend", start: start))
            try context.save()
        }
        let context = ModelContext(try store.container(Journey.self, BusinessJourney.self))
        let journeys = try context.fetch(FetchDescriptor<Journey>())
        #expect(journeys.map(\.name) == ["Weekend"])
        #expect(journeys.map { type(of: $0) == Journey.self } == [true])
    }

    @Test func addedSubclassStoresItsModelsBesideTheOldRows() throws {
        let store = TestStore()
        do {
            let context = ModelContext(try store.container(Journey.self))
            context.insert(Journey(name: "Weekend", start: start))
            try context.save()
        }
        do {
            let context = ModelContext(try store.container(Journey.self, BusinessJourney.self))
            context.insert(BusinessJourney(name: "Conference", start: start, perDiem: 80))
            try context.save()
        }
        let context = ModelContext(try store.container(Journey.self, BusinessJourney.self))
        #expect(try context.fetch(FetchDescriptor<BusinessJourney>()).map(\.perDiem) == [80])
        #expect(try context.fetchCount(FetchDescriptor<Journey>()) == 2)
    }
}
