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

/// A `let` with an initial value (`let id = UUID()`) is persisted as SwiftData
/// persists it: a column, written on insert, and read back as the stored value rather
/// than the initial value evaluated again.
@Suite struct LetWithInitialValueTests {
    @Test func aLetWithAnInitialValueKeepsItsStoredValueWhenFetched() throws {
        let store = TestStore()
        let inserted = Keepsake(caption: "shell")
        do {
            let context = ModelContext(try store.container(Keepsake.self))
            context.insert(inserted)
            try context.save()
        }
        let context = ModelContext(try store.container(Keepsake.self))
        let fetched = try context.fetch(FetchDescriptor<Keepsake>())
        try #require(fetched.count == 1)
        #expect(fetched[0] !== inserted)
        #expect(fetched[0].id == inserted.id)
        #expect(fetched[0].createdAt == inserted.createdAt)
        #expect(fetched[0].caption == "shell")
    }

    @Test func aLetWithAnInitialValueIsAnAttributeOfTheSchema() throws {
        let entity = try #require(Schema([Keepsake.self]).entitiesByName["Keepsake"])
        #expect(Set(entity.attributes.map(\.name)).isSuperset(of: ["id", "createdAt", "imageData", "thumbnail", "caption", "note"]))
    }

    @Test func aLetExternalStorageDataIsStored() throws {
        let store = TestStore()
        let inserted = Keepsake(caption: "shell")
        do {
            let context = ModelContext(try store.container(Keepsake.self))
            context.insert(inserted)
            try context.save()
        }
        let entity = try #require(Schema([Keepsake.self]).entitiesByName["Keepsake"])
        #expect(entity.attributesByName["thumbnail"]?.options.contains(.externalStorage) == true)
        let fetched = try ModelContext(try store.container(Keepsake.self)).fetch(FetchDescriptor<Keepsake>())
        try #require(fetched.count == 1)
        #expect(fetched[0].thumbnail == inserted.thumbnail)
        #expect(fetched[0].imageData.isEmpty)
    }

    @Test func aLetWithAnInitialValueCanBeUsedInAPredicate() throws {
        let context = ModelContext(try inMemoryContainer(Keepsake.self))
        let keepsakes = ["shell", "stone", "feather"].map(Keepsake.init(caption:))
        keepsakes.forEach(context.insert)
        try context.save()
        let wanted = keepsakes[1].id
        let found = try ModelContext(context.container).fetch(FetchDescriptor<Keepsake>(predicate: #Predicate { $0.id == wanted }))
        #expect(found.map(\.caption) == ["stone"])
        #expect(found.map(\.id) == [wanted])
    }

    @Test func aLetWithAnInitialValueCanSortAFetch() throws {
        let context = ModelContext(try inMemoryContainer(Keepsake.self))
        let keepsakes = ["shell", "stone", "feather"].map(Keepsake.init(caption:))
        keepsakes.forEach(context.insert)
        try context.save()
        let sorted = try ModelContext(context.container).fetch(FetchDescriptor<Keepsake>(sortBy: [SortDescriptor(\.createdAt, order: .reverse)]))
        #expect(sorted.map(\.createdAt) == keepsakes.map(\.createdAt).sorted(by: >))
    }

    @Test func savingAnotherChangeKeepsTheStoredLetValue() throws {
        let store = TestStore()
        let inserted = Keepsake(caption: "shell")
        do {
            let context = ModelContext(try store.container(Keepsake.self))
            context.insert(inserted)
            try context.save()
        }
        do {
            let context = ModelContext(try store.container(Keepsake.self))
            let fetched = try context.fetch(FetchDescriptor<Keepsake>())
            try #require(fetched.count == 1)
            fetched[0].note = "found on the beach"
            try context.save()
        }
        let fetched = try ModelContext(try store.container(Keepsake.self)).fetch(FetchDescriptor<Keepsake>())
        try #require(fetched.count == 1)
        #expect(fetched[0].note == "found on the beach")
        #expect(fetched[0].id == inserted.id)
        #expect(fetched[0].thumbnail == inserted.thumbnail)
    }

    @Test func aModelMadeFromBackingDataTakesItsLetValue() {
        let id = UUID()
        let data = Keepsake.createBackingData() as any BackingData<Keepsake>
        data.setValue(forKey: \Keepsake.id, to: id)
        data.setValue(forKey: \Keepsake.caption, to: "shell")
        let keepsake = Keepsake(backingData: data)
        #expect(keepsake.id == id)
        #expect(keepsake.caption == "shell")
    }

    @Test func aModelMadeFromBackingDataWithoutTheLetKeepsItsInitialValue() {
        let data = Keepsake.createBackingData() as any BackingData<Keepsake>
        let first = Keepsake(backingData: data).id
        let second = Keepsake(backingData: data).id
        #expect(first != second)
    }
}

/// A `let` relationship (`@Relationship(deleteRule: .deny) let novel: Novel`) is
/// persisted as SwiftData persists it: a foreign key written on insert, read back as
/// the context's model of the related row.
@Suite struct LetRelationshipTests {
    @Test func aLetRelationshipIsStoredAndFetchedAsTheSameModel() throws {
        let store = TestStore()
        do {
            let context = ModelContext(try store.container(Novel.self, Checkout.self))
            context.insert(Checkout(borrower: "Ada", novel: Novel(title: "Middlemarch")))
            try context.save()
        }
        let context = ModelContext(try store.container(Novel.self, Checkout.self))
        let checkouts = try context.fetch(FetchDescriptor<Checkout>())
        let novels = try context.fetch(FetchDescriptor<Novel>())
        try #require(checkouts.count == 1 && novels.count == 1)
        #expect(checkouts[0].novel === novels[0])
        #expect(checkouts[0].novel.title == "Middlemarch")
    }

    @Test func aLetRelationshipIsTheModelTheContextAlreadyHolds() throws {
        let store = TestStore()
        do {
            let context = ModelContext(try store.container(Novel.self, Checkout.self))
            context.insert(Checkout(borrower: "Ada", novel: Novel(title: "Middlemarch")))
            try context.save()
        }
        let context = ModelContext(try store.container(Novel.self, Checkout.self))
        let novels = try context.fetch(FetchDescriptor<Novel>())
        let checkouts = try context.fetch(FetchDescriptor<Checkout>())
        try #require(checkouts.count == 1 && novels.count == 1)
        #expect(checkouts[0].novel === novels[0])
    }

    @Test func rollingBackKeepsALetRelationship() throws {
        let context = ModelContext(try inMemoryContainer(Novel.self, Checkout.self))
        let novel = Novel(title: "Middlemarch")
        let checkout = Checkout(borrower: "Ada", novel: novel)
        context.insert(checkout)
        try context.save()
        checkout.borrower = "Grace"
        context.rollback()
        #expect(checkout.borrower == "Ada")
        #expect(checkout.novel === novel)
    }

    @Test func anOptionalLetRelationshipIsStoredAndFetchedAsTheSameModel() throws {
        let store = TestStore()
        do {
            let context = ModelContext(try store.container(Novel.self, Checkout.self))
            let novel = Novel(title: "Middlemarch")
            let first = Checkout(borrower: "Ada", novel: novel)
            context.insert(Checkout(borrower: "Ada", novel: novel, renewalOf: first))
            try context.save()
        }
        let context = ModelContext(try store.container(Novel.self, Checkout.self))
        let checkouts = try context.fetch(FetchDescriptor<Checkout>())
        try #require(checkouts.count == 2)
        let renewal = try #require(checkouts.first { $0.renewalOf != nil })
        let first = try #require(checkouts.first { $0.renewalOf == nil })
        #expect(renewal.renewalOf === first)
        #expect(renewal.novel === first.novel)
    }

    @Test func aLetRelationshipsDenyRuleRefusesDeletingItsSource() throws {
        let context = ModelContext(try inMemoryContainer(Novel.self, Checkout.self))
        let checkout = Checkout(borrower: "Ada", novel: Novel(title: "Middlemarch"))
        context.insert(checkout)
        try context.save()
        context.delete(checkout)
        #expect(throws: OpenSwiftDataError.deleteDenied(entity: "Checkout", relationship: "novel", relatedCount: 1)) { try context.save() }
        #expect(try ModelContext(context.container).fetchCount(FetchDescriptor<Checkout>()) == 1)
    }

    // Nullifying the inverse cannot empty a `let`, so deleting its destination is
    // refused rather than leaving the checkout referring to a deleted novel.
    @Test func aLetRelationshipRefusesDeletingItsDestination() throws {
        let context = ModelContext(try inMemoryContainer(Novel.self, Checkout.self))
        let novel = Novel(title: "Middlemarch")
        context.insert(Checkout(borrower: "Ada", novel: novel))
        try context.save()
        context.delete(novel)
        #expect(throws: OpenSwiftDataError.deleteDenied(entity: "Novel", relationship: "checkouts", relatedCount: 1)) { try context.save() }
        #expect(try ModelContext(context.container).fetchCount(FetchDescriptor<Novel>()) == 1)
    }

    @Test func deletingALetRelationshipsSourceAndDestinationTogetherIsAllowed() throws {
        let context = ModelContext(try inMemoryContainer(Novel.self, Checkout.self))
        let novel = Novel(title: "Middlemarch")
        let checkout = Checkout(borrower: "Ada", novel: novel)
        context.insert(checkout)
        try context.save()
        context.delete(novel)
        context.delete(checkout)
        try context.save()
        let fresh = ModelContext(context.container)
        #expect(try fresh.fetchCount(FetchDescriptor<Novel>()) == 0)
        #expect(try fresh.fetchCount(FetchDescriptor<Checkout>()) == 0)
    }

    @Test func aLetRelationshipJoinsItsDestinationsInverse() throws {
        let store = TestStore()
        let novel = Novel(title: "Middlemarch")
        do {
            let context = ModelContext(try store.container(Novel.self, Checkout.self))
            context.insert(novel)
            let checkout = Checkout(borrower: "Ada", novel: novel)
            context.insert(checkout)
            try context.save()
            #expect(novel.checkouts.map(\.borrower) == ["Ada"])
        }
        let context = ModelContext(try store.container(Novel.self, Checkout.self))
        let novels = try context.fetch(FetchDescriptor<Novel>())
        try #require(novels.count == 1)
        #expect(novels[0].checkouts.map(\.borrower) == ["Ada"])
        #expect(novels[0].checkouts.first?.novel === novels[0])
    }

    @Test func aPredicateReadsThroughALetRelationship() throws {
        let context = ModelContext(try inMemoryContainer(Novel.self, Checkout.self))
        context.insert(Checkout(borrower: "Ada", novel: Novel(title: "Middlemarch")))
        context.insert(Checkout(borrower: "Grace", novel: Novel(title: "Persuasion")))
        try context.save()
        let wanted = "Persuasion"
        let found = try ModelContext(context.container).fetch(FetchDescriptor<Checkout>(predicate: #Predicate { $0.novel.title == wanted }))
        #expect(found.map(\.borrower) == ["Grace"])
        #expect(found.map(\.novel.title) == ["Persuasion"])
    }
}
