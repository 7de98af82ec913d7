import Foundation
import OpenSwiftData
import Testing

/// `delete(model:where:includeSubclasses:)` takes the subclasses' models only when asked.
@Suite struct InheritanceDeleteTests {
    private let start = Date(timeIntervalSinceReferenceDate: 780_000_000)

    private func context() throws -> ModelContext {
        let context = ModelContext(try inMemoryContainer(Journey.self, BusinessJourney.self, PersonalJourney.self))
        context.insert(Journey(name: "Weekend", start: start))
        context.insert(BusinessJourney(name: "Conference", start: start, perDiem: 80))
        try context.save()
        return context
    }

    @Test func deleteWithoutSubclassesKeepsTheSubclassesModels() throws {
        let context = try context()
        try context.delete(model: Journey.self, includeSubclasses: false)
        try context.save()
        #expect(try context.fetch(FetchDescriptor<Journey>()).map(\.name) == ["Conference"])
    }

    @Test func deleteWithSubclassesRemovesTheSubclassesModelsToo() throws {
        let context = try context()
        try context.delete(model: Journey.self, includeSubclasses: true)
        try context.save()
        #expect(try context.fetch(FetchDescriptor<Journey>()).isEmpty)
    }

    @Test func deleteOfASubclassLeavesTheSuperclassesModels() throws {
        let context = try context()
        try context.delete(model: BusinessJourney.self)
        try context.save()
        #expect(try context.fetch(FetchDescriptor<Journey>()).map(\.name) == ["Weekend"])
    }
}
