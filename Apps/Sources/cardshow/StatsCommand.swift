import ArgumentParser
import CardShowPro
import CommandLineSupport
import Foundation
import OpenSwiftData

struct Stats: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Show the inventory's value, cost, profit and ROI, and what needs attention.")

    @OptionGroup var store: StoreOptions
    @OptionGroup var json: JSONOption

    func run() throws {
        // The first run on a new machine (no --store) gets a welcome, and creates nothing.
        if store.path == nil, !store.exists, !json.enabled { return Self.welcome(store: store) }
        let context = try store.open(writing: false)
        if json.enabled { return try printJSON(try InventoryStats(context: context)) }
        try Self.show(store: store, context: context)
    }

    /// The summary as text.
    static func show(store: StoreOptions, context: ModelContext) throws {
        let stats = try InventoryStats(context: context)
        if stats.isEmpty { return welcome(store: store) }
        var lines = [
            "Inventory: \(stats.cardsInStock) card\(stats.cardsInStock == 1 ? "" : "s") in stock (\(stats.gradedCards) graded)",
            "  Value:   \(Format.money(stats.inventoryValue))",
            "  Cost:    \(Format.money(stats.inventoryCost))"
                + (stats.cardsWithoutCost > 0 ? " (\(stats.cardsWithoutCost) card\(stats.cardsWithoutCost == 1 ? "" : "s") without a cost left out)" : ""),
            "  Profit:  \(Format.money(stats.unrealizedProfit)) unrealized",
            "  ROI:     \(Format.percent(stats.roi / 100))",
            "Sales: \(stats.cardsSold) sold for \(Format.money(stats.salesRevenue)), \(Format.money(stats.realizedProfit)) profit after fees and cost",
        ]
        if stats.cardsTradedAway > 0 { lines.append("Trades: \(stats.cardsTradedAway) card\(stats.cardsTradedAway == 1 ? "" : "s") traded away") }
        if let event = stats.activeEvent { lines.append("Running event: \(event.forTerminal)") }
        if stats.openWants > 0 { lines.append("Want lists: \(stats.openWants) item\(stats.openWants == 1 ? "" : "s") (cardshow want matches)") }
        if stats.overdueSubmissions > 0 { lines.append("Grading: \(stats.overdueSubmissions) submission\(stats.overdueSubmissions == 1 ? "" : "s") overdue (cardshow grading list --overdue)") }
        if stats.expiredPrices > 0 { lines.append("Prices: \(stats.expiredPrices) cached price\(stats.expiredPrices == 1 ? "" : "s") older than 24 hours") }
        print(lines.joined(separator: "\n"))
    }

    /// What an empty or not yet created store shows: how to start.
    static func welcome(store: StoreOptions) {
        print("""
            Your inventory is empty (store: \(store.url.path)\(store.exists ? "" : ", not created yet")).

            Add your first card:
              cardshow card add --name "Charizard" --set "Base Set" --number 4/102 --condition nm --cost 200 --value 350
            Or load a few sample cards to try things out:
              cardshow demo
            See every command: cardshow --help
            """)
    }
}
