import Foundation
import OpenSwiftData
import Testing
@testable import CardShowPro

/// The dealer's numbers leave `stats` in cents, and the ROI in hundredths of a
/// percent, whatever noise the sums of `Double` amounts pick up.
@Suite("Stats without floating-point noise")
struct StatsRoundingTests {
    /// Costs and values whose sums and ratio are not whole cents in a `Double`.
    func stats() throws -> InventoryStats {
        let context = try makeContext()
        let inventory = InventoryService(context: context)
        for value in [4.8, 1.2, 0.1, 0.7, 2.2, 3.3] {
            _ = try inventory.add(card("Card \(value)", value: value, cost: 0.3))
        }
        let sold = card("Sold", value: 5.5, cost: 2.2)
        _ = try inventory.add(sold)
        _ = try SalesService(context: context).recordSale(of: sold, price: 3.6, platformFees: 1.1, platform: "eBay", date: referenceDate)
        return try InventoryStats(context: context, now: referenceDate)
    }

    @Test func theReturnOnInvestmentHasTwoDecimals() throws {
        // 10.5 of profit on 1.8 of cost: 583.333...%
        #expect(try stats().roi == 583.33)
    }

    @Test func everyAmountIsInWholeCents() throws {
        let stats = try stats()
        for amount in [stats.inventoryValue, stats.inventoryCost, stats.unrealizedProfit, stats.salesRevenue, stats.realizedProfit] {
            #expect(amount == Money.cents(amount))
            #expect("\(amount)".split(separator: ".").last.map { $0.count <= 2 } == true, "\(amount)")
        }
    }
}
