import Foundation
import OpenSwiftData
import Testing

/// A `let` property is a persisted attribute set once: saved, read back with its
/// stored value, usable in predicates and sorts.
@Suite struct LetPropertyTests {
    private let issued = Date(timeIntervalSinceReferenceDate: 800_000_000)

    @Test func letPropertiesRoundTripThroughANewContainer() throws {
        let store = TestStore()
        do {
            let context = ModelContext(try store.container(Receipt.self))
            context.insert(Receipt(number: "A-1", issuedAt: issued, total: Decimal(string: "12.34")))
            try context.save()
        }
        let context = ModelContext(try store.container(Receipt.self))
        let receipts = try context.fetch(FetchDescriptor<Receipt>())
        try #require(receipts.count == 1)
        #expect(receipts[0].number == "A-1")
        #expect(receipts[0].issuedAt == issued)
        #expect(receipts[0].total == Decimal(string: "12.34"))
    }

    @Test func optionalLetSetToNilReadsBackAsNil() throws {
        let store = TestStore()
        do {
            let context = ModelContext(try store.container(Receipt.self))
            context.insert(Receipt(number: "A-1", issuedAt: issued))
            try context.save()
        }
        let context = ModelContext(try store.container(Receipt.self))
        let receipts = try context.fetch(FetchDescriptor<Receipt>())
        try #require(receipts.count == 1)
        #expect(receipts[0].total == nil)
    }

    @Test func predicateOnALetPropertyFindsTheModel() throws {
        let context = ModelContext(try inMemoryContainer(Receipt.self))
        for number in ["A-1", "A-2", "A-3"] { context.insert(Receipt(number: number, issuedAt: issued)) }
        try context.save()
        let wanted = "A-2"
        let found = try context.fetch(FetchDescriptor<Receipt>(predicate: #Predicate { $0.number == wanted }))
        #expect(found.map(\.number) == ["A-2"])
    }

    @Test func sortOnALetPropertyOrdersTheModels() throws {
        let context = ModelContext(try inMemoryContainer(Receipt.self))
        for days in [3.0, 1.0, 2.0] {
            context.insert(Receipt(number: "day \(Int(days))", issuedAt: issued.addingTimeInterval(days * 86_400)))
        }
        try context.save()
        let sorted = try context.fetch(FetchDescriptor<Receipt>(sortBy: [SortDescriptor(\.issuedAt)]))
        #expect(sorted.map(\.number) == ["day 1", "day 2", "day 3"])
    }

    @Test func changingAnotherPropertyKeepsTheLetValueStored() throws {
        let store = TestStore()
        do {
            let context = ModelContext(try store.container(Receipt.self))
            let receipt = Receipt(number: "A-1", issuedAt: issued)
            context.insert(receipt)
            try context.save()
            receipt.note = "paid"
            try context.save()
        }
        let context = ModelContext(try store.container(Receipt.self))
        let receipts = try context.fetch(FetchDescriptor<Receipt>())
        try #require(receipts.count == 1)
        #expect(receipts[0].note == "paid")
        #expect(receipts[0].number == "A-1")
    }

    @Test func aPartialFetchStillLoadsLetProperties() throws {
        let context = ModelContext(try inMemoryContainer(Receipt.self))
        context.insert(Receipt(number: "A-1", issuedAt: issued))
        try context.save()
        var descriptor = FetchDescriptor<Receipt>()
        descriptor.propertiesToFetch = [\.note]
        let receipts = try ModelContext(context.container).fetch(descriptor)
        #expect(receipts.map(\.number) == ["A-1"])
    }
}
