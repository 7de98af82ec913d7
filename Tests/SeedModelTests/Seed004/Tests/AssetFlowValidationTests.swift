import Foundation
import SwiftData
import Testing

/// Names are required; a category's target allocation is a percentage from 0 to 100.
@Suite struct AssetFlowValidationTests {
    typealias S = AssetFlowStore

    @Test(arguments: ["", "   ", "\t\n"])
    func aCategoryWithoutANameFailsToSave(_ name: String) throws {
        let container = try S.inMemory()
        let context = ModelContext(container)
        context.insert(Category(name: name))
        #expect(throws: CategoryError.emptyName) { try context.save() }
        #expect(try ModelContext(container).fetchCount(FetchDescriptor<Category>()) == 0)
    }

    @Test(arguments: ["-0.01", "100.01", "-100", "1000"])
    func aTargetAllocationOutsideZeroToAHundredFailsToSave(_ target: String) throws {
        let container = try S.inMemory()
        let context = ModelContext(container)
        context.insert(Category(name: "Stocks", targetAllocationPercentage: S.decimal(target)))
        #expect(throws: CategoryError.invalidTargetAllocation) { try context.save() }
        #expect(try ModelContext(container).fetchCount(FetchDescriptor<Category>()) == 0)
    }

    @Test(arguments: ["0", "100", "33.33"])
    func aTargetAllocationFromZeroToAHundredSaves(_ target: String) throws {
        let container = try S.inMemory()
        let context = ModelContext(container)
        context.insert(Category(name: "Stocks", targetAllocationPercentage: S.decimal(target)))
        try context.save()
        let readContext = ModelContext(container)
        let stored = try readContext.fetch(FetchDescriptor<Category>())
        #expect(stored.map(\.targetAllocationPercentage) == [S.decimal(target)])
    }

    @Test func changingASavedCategorysTargetOutOfRangeFailsAndKeepsTheStoredTarget() throws {
        let container = try S.inMemory()
        let context = ModelContext(container)
        let stocks = Category(name: "Stocks", targetAllocationPercentage: 60)
        context.insert(stocks)
        try context.save()

        stocks.targetAllocationPercentage = 160
        #expect(throws: CategoryError.invalidTargetAllocation) { try context.save() }
        #expect(try ModelContext(container).fetch(FetchDescriptor<Category>()).map(\.targetAllocationPercentage) == [60])
    }

    @Test func anAssetWithoutANameFailsToSave() throws {
        let container = try S.inMemory()
        let context = ModelContext(container)
        let stocks = Category(name: "Stocks")
        context.insert(stocks)
        _ = Asset(name: "  ", platform: "Schwab", category: stocks)
        #expect(throws: AssetError.emptyName) { try context.save() }

        let fresh = ModelContext(container)
        #expect(try fresh.fetchCount(FetchDescriptor<Asset>()) == 0)
        #expect(try fresh.fetchCount(FetchDescriptor<Category>()) == 0)
    }
}
