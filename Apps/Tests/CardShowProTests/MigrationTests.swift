import Foundation
import OpenSwiftData
import Testing
@testable import CardShowPro

@Suite("Schema history")
struct MigrationTests {
    @Test func planListsTheSevenVersionsInOrder() {
        let versions = CardShowMigrationPlan.schemas.map { $0.versionIdentifier }
        #expect(versions == [Schema.Version(1, 0, 0), Schema.Version(2, 0, 0), Schema.Version(3, 0, 0),
                             Schema.Version(4, 0, 0), Schema.Version(5, 0, 0), Schema.Version(6, 0, 0),
                             Schema.Version(7, 0, 0)])
        #expect(CardShowMigrationPlan.stages.count == 6)
    }

    @Test func versionsHaveTheSeedsEntitySets() {
        func names(_ schema: any VersionedSchema.Type) -> Set<String> {
            Set(schema.models.map { String(describing: $0) })
        }
        #expect(names(SchemaV1.self) == ["InventoryCard", "SalesHistory", "CachedPrice"])
        #expect(names(SchemaV2.self) == names(SchemaV1.self).union(["Event", "TradeHistory"]))
        #expect(names(SchemaV3.self) == names(SchemaV2.self).union(["Contact", "WantListItem"]))
        #expect(names(SchemaV4.self) == names(SchemaV3.self).union(["GradingSubmission"]))
        #expect(names(SchemaV6.self) == names(SchemaV5.self).union(["SyncModelRecord", "SyncPropertyClock", "SyncCheckpoint"]))
        #expect(names(SchemaV7.self) == names(SchemaV6.self))
    }

    @Test func currentStoreReopensWithEverythingIntact() throws {
        let directory = try TemporaryDirectory()
        let url = directory.file("current.store")
        do {
            let context = ModelContext(try CardShowStore.container(at: url))
            let kept = card("Mewtwo", value: 300, cost: 120)
            kept.tags = ["Featured"]
            context.insert(kept)
            try SalesService(context: context).recordSale(of: card("Mew", value: 90), price: 95, platform: "eBay", save: false)
            try context.save()
        }
        let context = ModelContext(try CardShowStore.container(at: url))
        let cards = try context.fetch(FetchDescriptor<InventoryCard>(sortBy: [SortDescriptor(\.name)]))
        #expect(cards.map(\.name) == ["Mew", "Mewtwo"])
        #expect(cards[1].tags == ["Featured"])
        #expect(cards[0].sales?.first?.salePrice == 95)
    }

    /// Writes a store with version 1 code: two cards (one sold), a price.
    func writeVersion1Store(at url: URL) throws -> (cardIDs: [UUID], saleID: UUID) {
        let container = try ModelContainer(for: Schema(versionedSchema: SchemaV1.self), configurations: ModelConfiguration(url: url))
        let context = ModelContext(container)
        let charizard = SchemaV1.InventoryCard(name: "Charizard", setName: "Base Set", cardNumber: "4/102", variant: "Holo",
                                               condition: .lightlyPlayed, marketValue: 350.25, purchaseCost: 200,
                                               acquiredDate: referenceDate)
        charizard.notes = "From the \"Phoenix\" show, 2nd table"
        charizard.isGraded = true
        charizard.grade = 9
        charizard.gradingCompany = "PSA"
        let pikachu = SchemaV1.InventoryCard(name: "Pikachu", setName: "Jungle", cardNumber: "60/64", marketValue: 12.5,
                                             acquiredDate: day(-3))
        pikachu.status = .sold
        context.insert(charizard)
        context.insert(pikachu)
        let sale = SchemaV1.SalesHistory(salePrice: 15, platformFees: 1.95, shippingCost: 1, platform: "eBay",
                                         card: pikachu, date: day(-1))
        sale.buyerName = "Gary"
        context.insert(sale)
        context.insert(SchemaV1.CachedPrice(cardId: "base1-4", marketPrice: 350.25, lowPrice: 300, midPrice: 340,
                                            highPrice: 420, source: "PokemonTCG.io", timestamp: referenceDate))
        try context.save()
        return ([charizard.id, pikachu.id], sale.id)
    }

    @Test func version1StoreOpensUnderVersion4WithEveryCardSaleAndPriceIntact() throws {
        let directory = try TemporaryDirectory()
        let url = directory.file("v1.store")
        let written = try writeVersion1Store(at: url)

        let context = ModelContext(try CardShowStore.container(at: url))
        let cards = try context.fetch(FetchDescriptor<InventoryCard>(sortBy: [SortDescriptor(\.name)]))
        #expect(cards.map(\.id) == written.cardIDs)
        let charizard = try #require(cards.first)
        #expect(charizard.marketValue == 350.25)
        #expect(charizard.purchaseCost == 200)
        #expect(charizard.condition == .lightlyPlayed)
        #expect(charizard.notes == "From the \"Phoenix\" show, 2nd table")
        #expect(charizard.grade == 9 && charizard.isGraded)
        #expect(charizard.tags == [])
        #expect(cards[1].status == .sold)

        let sales = try context.fetch(FetchDescriptor<SalesHistory>())
        #expect(sales.map(\.id) == [written.saleID])
        #expect(abs((sales.first?.netProfit ?? 0) - 12.05) < 1e-9)
        #expect(sales.first?.card?.name == "Pikachu")
        #expect(sales.first?.event == nil && sales.first?.contact == nil)
        #expect(cards[1].sales?.map(\.id) == [written.saleID])

        let prices = try context.fetch(FetchDescriptor<CachedPrice>())
        #expect(prices.map(\.cardId) == ["base1-4"])
        #expect(prices.first?.highPrice == 420)

        // The new entities work on the migrated store.
        try EventService(context: context).create(name: "First show", location: "Tempe", date: referenceDate)
        #expect(try context.fetchCount(FetchDescriptor<Event>()) == 1)

    }

    @Test func version6StoreKeepsTheCardsBroughtToEachEventAndEachCardKnowsItsEvents() throws {
        let directory = try TemporaryDirectory()
        let url = directory.file("v6.store")
        do {
            let context = ModelContext(try ModelContainer(for: Schema(versionedSchema: SchemaV6.self), configurations: ModelConfiguration(url: url)))
            let show = SchemaV5.Event(name: "Spring show", date: referenceDate, location: "Tempe")
            let fair = SchemaV5.Event(name: "Fair", date: day(-7), location: "Mesa")
            let mew = SchemaV5.InventoryCard(name: "Mew", setName: "Promo", cardNumber: "8")
            let lugia = SchemaV5.InventoryCard(name: "Lugia", setName: "Neo Genesis", cardNumber: "9/111")
            for model in [show, fair] { context.insert(model) }
            show.inventory = [mew, lugia]
            fair.inventory = [mew]
            try context.save()
        }
        let context = ModelContext(try CardShowStore.container(at: url))
        let events = try context.fetch(FetchDescriptor<Event>(sortBy: [SortDescriptor(\.name)]))
        #expect(events.map { ($0.inventory ?? []).map(\.name).sorted() } == [["Mew"], ["Lugia", "Mew"]])
        let cards = try context.fetch(FetchDescriptor<InventoryCard>(sortBy: [SortDescriptor(\.name)]))
        #expect(cards.map { ($0.events ?? []).map(\.name).sorted() } == [["Spring show"], ["Fair", "Spring show"]])
    }

    @Test func versionOneStoreThatFailsToOpenIsLeftAsItWas() throws {
        let directory = try TemporaryDirectory()
        let url = directory.file("v1.store")
        let written = try writeVersion1Store(at: url)
        // When the migration succeeds, the test above checks the result; when it fails,
        // the store must still be the version 1 store, untouched.
        guard (try? CardShowStore.container(at: url)) == nil else { return }

        let context = ModelContext(try ModelContainer(for: Schema(versionedSchema: SchemaV1.self), configurations: ModelConfiguration(url: url)))
        let cards = try context.fetch(FetchDescriptor<SchemaV1.InventoryCard>(sortBy: [SortDescriptor(\.name)]))
        if cards.count == 2 {
            #expect(cards.map(\.id) == written.cardIDs)
            #expect(cards[1].sales?.map(\.id) == [written.saleID])
        } else {
            Issue.record("the version 1 store lost cards: \(cards.count) left")
        }
    }
}
