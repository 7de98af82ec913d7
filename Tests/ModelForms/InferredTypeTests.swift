import Foundation
import OpenSwiftData
import Testing

/// Properties whose type `@Model` takes from the initializer are stored with that
/// type and read back as set.
@Suite struct InferredTypeTests {
    private let opened = Date(timeIntervalSinceReferenceDate: 700_000_000)

    /// Saves a ledger changed by `set`, reopens the store, and returns the ledger read back.
    private func roundTrip(_ set: (Ledger) -> Void) throws -> Ledger {
        let store = TestStore()
        do {
            let context = ModelContext(try store.container(Ledger.self, LedgerEntry.self))
            let ledger = Ledger(name: "home")
            set(ledger)
            context.insert(ledger)
            try context.save()
        }
        let context = ModelContext(try store.container(Ledger.self, LedgerEntry.self))
        let ledgers = try context.fetch(FetchDescriptor<Ledger>())
        try #require(ledgers.count == 1)
        return ledgers[0]
    }

    @Test func literalTypesRoundTrip() throws {
        let ledger = try roundTrip { $0.name = "shop"; $0.count = 7; $0.isOpen = true; $0.ratio = 0.25 }
        #expect(ledger.name == "shop")
        #expect(ledger.count == 7)
        #expect(ledger.isOpen)
        #expect(ledger.ratio == 0.25)
    }

    @Test func staticMembersAndInitialisersRoundTripAsTheirTypes() throws {
        let id = UUID()
        let ledger = try roundTrip {
            $0.id = id
            $0.openedAt = opened
            $0.balance = Decimal(string: "1234.56") ?? 0
            $0.kind = .business
        }
        #expect(ledger.id == id)
        #expect(ledger.openedAt == opened)
        #expect(ledger.balance == Decimal(string: "1234.56"))
        #expect(ledger.kind == .business)
    }

    @Test func collectionsRoundTrip() throws {
        let ledger = try roundTrip { $0.codes = ["a", "b"]; $0.limits = ["food": 300]; $0.labels.append("shared") }
        #expect(ledger.codes == ["a", "b"])
        #expect(ledger.limits == ["food": 300])
        #expect(ledger.labels == ["draft", "shared"])
    }

    @Test func inferredToManyRelationshipKeepsItsInverse() throws {
        let context = ModelContext(try inMemoryContainer(Ledger.self, LedgerEntry.self))
        let ledger = Ledger(name: "home")
        context.insert(ledger)
        let entry = LedgerEntry(memo: "rent")
        ledger.entries.append(entry)
        #expect(entry.ledger === ledger)
    }

    @Test func inferredToManyRelationshipRoundTrips() throws {
        let store = TestStore()
        do {
            let context = ModelContext(try store.container(Ledger.self, LedgerEntry.self))
            let ledger = Ledger(name: "home")
            context.insert(ledger)
            ledger.entries.append(LedgerEntry(memo: "rent"))
            try context.save()
        }
        let context = ModelContext(try store.container(Ledger.self, LedgerEntry.self))
        let ledgers = try context.fetch(FetchDescriptor<Ledger>())
        try #require(ledgers.count == 1)
        #expect(ledgers[0].entries.map(\.memo) == ["rent"])
        #expect(ledgers[0].entries.first?.ledger === ledgers[0])
    }

    @Test func annotatedEmptyArrayRelationshipRoundTrips() throws {
        let store = TestStore()
        do {
            let context = ModelContext(try store.container(Ledger.self, LedgerEntry.self))
            let ledger = Ledger(name: "home")
            context.insert(ledger)
            ledger.archived = [LedgerEntry(memo: "old")]
            try context.save()
        }
        let context = ModelContext(try store.container(Ledger.self, LedgerEntry.self))
        let ledgers = try context.fetch(FetchDescriptor<Ledger>())
        try #require(ledgers.count == 1)
        #expect(ledgers[0].archived.map(\.memo) == ["old"])
    }
}
