import Foundation
import OpenSwiftData
import Testing
@testable import CardShowPro

@Suite("Sales and trades keep what they recorded")
struct HistoryIntegrityTests {
    @Test func saleKeepsItsProfitWhenItsCardIsDeleted() throws {
        let context = try makeContext()
        let sold = card(value: 10, cost: 2)
        try InventoryService(context: context).add(sold)
        let sale = try SalesService(context: context).recordSale(of: sold, price: 10, platform: "eBay")
        #expect(SalesService.profit(of: sale) == 8)

        try InventoryService(context: context).delete(sold)
        let stored = try #require(try ModelContext(context.container).fetch(FetchDescriptor<SalesHistory>()).first)
        #expect(stored.card == nil)
        #expect(SalesService.profit(of: stored) == 8)
        #expect(stored.cardName == "Charizard #4/102")
    }

    @Test func saleKeepsItsProfitWhenItsCardsCostIsEdited() throws {
        let context = try makeContext()
        let sold = card(value: 10, cost: 2)
        try InventoryService(context: context).add(sold)
        let sale = try SalesService(context: context).recordSale(of: sold, price: 10, platform: "eBay")
        sold.purchaseCost = 9
        try context.save()
        #expect(SalesService.profit(of: sale) == 8)
    }

    @Test func realizedProfitIsUnchangedByDeletingASoldCard() throws {
        let context = try makeContext()
        let sold = card(value: 10, cost: 2)
        try InventoryService(context: context).add(sold)
        try SalesService(context: context).recordSale(of: sold, price: 10, platform: "eBay")
        let before = try InventoryStats(context: context).realizedProfit
        try InventoryService(context: context).delete(sold)
        #expect(try InventoryStats(context: context).realizedProfit == before)
        #expect(before == 8)
    }

    @Test func importCannotBringASoldCardBackIntoStock() throws {
        let context = try makeContext()
        let sold = card(value: 10, cost: 2)
        try InventoryService(context: context).add(sold)
        try SalesService(context: context).recordSale(of: sold, price: 10, platform: "eBay")
        let exchange = InventoryExchange(context: context)
        let csv = String(decoding: try exchange.export(format: .csv), as: UTF8.self)
        #expect(csv.contains(",Sold"))
        let edited = csv.replacingOccurrences(of: ",Sold", with: ",In Stock")

        #expect(throws: ImportError.self) { try exchange.importData(Data(edited.utf8), format: .csv) }
        let stored = try #require(try storedCards(context.container).first)
        #expect(stored.status == .sold)
        #expect(throws: CardShowError.self) {
            try SalesService(context: ModelContext(context.container)).recordSale(of: stored, price: 10, platform: "eBay")
        }
    }

    @Test func importMayStillChangeTheStatusOfACardWithoutHistory() throws {
        let context = try makeContext()
        let kept = card(value: 10, cost: 2)
        kept.status = .sold
        try InventoryService(context: context).add(kept)
        let exchange = InventoryExchange(context: context)
        let csv = String(decoding: try exchange.export(format: .csv), as: UTF8.self)
        let result = try exchange.importData(Data(csv.replacingOccurrences(of: ",Sold", with: ",In Stock").utf8), format: .csv)
        #expect(result.updated == 1)
        #expect(try storedCards(context.container).first?.status == .inStock)
    }

    @Test func tradeRefusesTheSameCardGivenTwice() throws {
        let context = try makeContext()
        let given = card(value: 150)
        try InventoryService(context: context).add(given)
        #expect(throws: CardShowError.cardListedTwice(card: given.displayName, in: "this trade")) {
            try TradeService(context: context).recordTrade(giving: [given, given], receiving: [])
        }
        #expect(try ModelContext(context.container).fetchCount(FetchDescriptor<TradeHistory>()) == 0)
        #expect(given.status == .inStock)
    }

    @Test func submissionRefusesTheSameCardTwice() throws {
        let context = try makeContext()
        let graded = card()
        try InventoryService(context: context).add(graded)
        #expect(throws: CardShowError.cardListedTwice(card: graded.displayName, in: "this submission")) {
            try GradingService(context: context).submit([graded, graded], to: .psa, totalCost: 40)
        }
    }

    @Test func cardOutForGradingCannotBeSubmittedAgainUntilItReturns() throws {
        let context = try makeContext()
        let graded = card()
        try InventoryService(context: context).add(graded)
        let grading = GradingService(context: context)
        let first = try grading.submit([graded], to: .psa, totalCost: 40, submissionDate: referenceDate)
        #expect(throws: CardShowError.cardAlreadyOutForGrading(card: graded.displayName, submission: first.id.short)) {
            try grading.submit([graded], to: .bgs, totalCost: 30)
        }
        try grading.advance(first, to: .returned, at: day(30))
        #expect(try grading.submit([graded], to: .bgs, totalCost: 30).cardCount == 1)
    }

    @Test func version4StoreOpensUnderVersion5WithEachSalesCostAndCardName() throws {
        let directory = try TemporaryDirectory()
        let url = directory.file("v4.store")
        do {
            let container = try ModelContainer(for: Schema(versionedSchema: SchemaV4.self), configurations: ModelConfiguration(url: url))
            let context = ModelContext(container)
            let sold = SchemaV4.InventoryCard(name: "Pikachu", setName: "Jungle", cardNumber: "60/64", marketValue: 12,
                                              purchaseCost: 3.5, acquiredDate: referenceDate)
            sold.status = .sold
            context.insert(sold)
            let sale = SchemaV4.SalesHistory(salePrice: 15, platform: "eBay", date: referenceDate)
            context.insert(sale)
            sale.card = sold
            context.insert(SchemaV4.SalesHistory(salePrice: 5, platform: "eBay", date: referenceDate))
            try context.save()
        }
        let context = ModelContext(try CardShowStore.container(at: url))
        let sales = try context.fetch(FetchDescriptor<SalesHistory>(sortBy: [SortDescriptor(\.salePrice)]))
        #expect(sales.map(\.costBasis) == [nil, 3.5])
        #expect(sales.map(\.cardName) == [nil, "Pikachu #60/64"])
        #expect(sales.map(SalesService.profit(of:)) == [5, 11.5])
    }
}
