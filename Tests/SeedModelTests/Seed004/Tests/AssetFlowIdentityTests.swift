import Foundation
import SwiftData
import Testing

/// Case-insensitive, space-normalized identities: an asset is its (name, platform) pair,
/// a category its name, a cash flow its description within its snapshot.
@Suite struct AssetFlowIdentityTests {
    typealias S = AssetFlowStore

    @Test func normalizingTrimsCollapsesSpacesAndLowercases() {
        #expect(Asset.normalize("  Apple   Inc.\t") == "apple inc.")
        #expect(Asset.normalize("\n") == "")
    }

    @Test func assetsDifferingOnlyInCaseAndSpacingShareAnIdentity() {
        let a = Asset(name: "  Apple   Inc. ", platform: "Interactive  Brokers")
        let b = Asset(name: "apple inc.", platform: "INTERACTIVE BROKERS ")
        #expect(a.normalizedName == "apple inc.")
        #expect(a.normalizedPlatform == "interactive brokers")
        #expect(a.normalizedIdentity == "apple inc.|interactive brokers")
        #expect(a.normalizedIdentity == b.normalizedIdentity)
    }

    @Test func theSameNameOnAnotherPlatformIsAnotherAsset() {
        #expect(Asset(name: "AAPL", platform: "Schwab").normalizedIdentity != Asset(name: "AAPL", platform: "Fidelity").normalizedIdentity)
        #expect(Asset(name: "AAPL").normalizedIdentity != Asset(name: "AAPL", platform: "Schwab").normalizedIdentity)
    }

    @Test func savingASecondAssetWithTheSameIdentityFails() throws {
        let container = try S.inMemory()
        let context = ModelContext(container)
        context.insert(Asset(name: "Apple Inc.", platform: "Schwab"))
        try context.save()
        context.insert(Asset(name: "  APPLE  inc. ", platform: "schwab"))
        #expect(throws: AssetError.duplicateIdentity(name: "  APPLE  inc. ", platform: "schwab")) { try context.save() }

        let readContext = ModelContext(container)
        let assets = try readContext.fetch(FetchDescriptor<Asset>())
        #expect(assets.map(\.name) == ["Apple Inc."])
    }

    @Test func twoNewAssetsWithTheSameIdentityInOneSaveFail() throws {
        let container = try S.inMemory()
        let context = ModelContext(container)
        context.insert(Asset(name: "BTC", platform: "Coinbase"))
        context.insert(Asset(name: "btc", platform: "COINBASE"))
        #expect(throws: AssetError.self) { try context.save() }
        #expect(try ModelContext(container).fetchCount(FetchDescriptor<Asset>()) == 0)
    }

    @Test func theSameNameOnAnotherPlatformSaves() throws {
        let container = try S.inMemory()
        let context = ModelContext(container)
        context.insert(Asset(name: "AAPL", platform: "Schwab"))
        context.insert(Asset(name: "aapl", platform: "Fidelity"))
        context.insert(Asset(name: "AAPL"))
        try context.save()
        #expect(try ModelContext(container).fetchCount(FetchDescriptor<Asset>()) == 3)
    }

    @Test func renamingAnAssetOntoAnotherIdentityFails() throws {
        let container = try S.inMemory()
        let context = ModelContext(container)
        let vti = Asset(name: "VTI", platform: "Schwab")
        context.insert(Asset(name: "AAPL", platform: "Schwab"))
        context.insert(vti)
        try context.save()

        vti.name = "aapl"
        #expect(throws: AssetError.self) { try context.save() }
        let readContext = ModelContext(container)
        let names = try readContext.fetch(FetchDescriptor<Asset>(sortBy: [SortDescriptor(\.name)])).map(\.name)
        #expect(names == ["AAPL", "VTI"])
    }

    @Test func anImportedRowFindsTheExistingAssetByIdentity() throws {
        let container = try S.inMemory()
        let context = ModelContext(container)
        let existing = Asset(name: "Vanguard Total Stock", platform: "Vanguard")
        context.insert(existing)
        context.insert(Asset(name: "Vanguard Total Stock", platform: "Schwab"))
        try context.save()

        let other = ModelContext(container)
        let identity = Asset(name: "VANGUARD  total stock", platform: " vanguard").normalizedIdentity
        let match = try other.fetch(FetchDescriptor<Asset>()).filter { $0.normalizedIdentity == identity }
        #expect(match.map(\.id) == [existing.id])
    }

    @Test func savingASecondCategoryWithTheSameNameIgnoringCaseFails() throws {
        let container = try S.inMemory()
        let context = ModelContext(container)
        context.insert(Category(name: "Stocks"))
        try context.save()
        context.insert(Category(name: " STOCKS "))
        #expect(throws: CategoryError.duplicateName(" STOCKS ")) { try context.save() }
        #expect(try ModelContext(container).fetch(FetchDescriptor<Category>()).map(\.name) == ["Stocks"])
    }

    @Test func aCashFlowDescriptionIsUniqueWithinItsSnapshotIgnoringCase() throws {
        let container = try S.inMemory()
        let context = ModelContext(container)
        let snapshot = Snapshot(date: S.date(day: 5))
        context.insert(snapshot)
        _ = CashFlowOperation(cashFlowDescription: "Salary", amount: 5000, snapshot: snapshot)
        try context.save()

        _ = CashFlowOperation(cashFlowDescription: "  salary", amount: 10, snapshot: snapshot)
        #expect(throws: CashFlowOperationError.duplicateDescription("  salary")) { try context.save() }
        let readContext = ModelContext(container)
        let stored = try readContext.fetch(FetchDescriptor<CashFlowOperation>())
        #expect(stored.map(\.amount) == [5000])
    }

    @Test func theSameCashFlowDescriptionInAnotherSnapshotSaves() throws {
        let container = try S.inMemory()
        let context = ModelContext(container)
        for day in [5, 6] {
            let snapshot = Snapshot(date: S.date(day: day))
            context.insert(snapshot)
            _ = CashFlowOperation(cashFlowDescription: "Salary", amount: 5000, snapshot: snapshot)
        }
        try context.save()
        #expect(try ModelContext(container).fetchCount(FetchDescriptor<CashFlowOperation>()) == 2)
    }
}
