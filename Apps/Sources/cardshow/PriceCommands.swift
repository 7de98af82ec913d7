import ArgumentParser
import CardShowPro
import CommandLineSupport
import Foundation
import OpenSwiftData

struct PriceCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "price",
        abstract: "The price cache: prices kept 24 hours per card ID; storing one updates the cards it prices.",
        subcommands: [Set.self, Show.self, List.self, Prune.self])
}

/// Which price: a pricing-API card ID, or a card in inventory.
struct PriceKeyOptions: ParsableArguments {
    @Argument(help: "The pricing API's card ID (base1-4).") var cardID: String?
    @Option(help: "Or: the card in inventory (its ID).") var card: String?

    func validate() throws {
        if (cardID == nil) == (card == nil) {
            throw ArgumentParser.ValidationError("Give either a pricing card ID or --card with an inventory card's ID.")
        }
    }

    func key(in context: ModelContext) throws -> String {
        if let card { return PriceService.priceKey(of: try ModelLookup(context: context).card(card)) }
        return cardID!
    }
}

extension PriceCommand {
    struct Set: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Store a price, refreshing the market value of the cards it prices.")

        @OptionGroup var which: PriceKeyOptions
        @Option(parsing: .unconditional, help: ArgumentHelp("Market price.", valueName: "dollars"), transform: Dollars.parse) var market: Dollars
        @Option(parsing: .unconditional, help: ArgumentHelp("Low price (default the market price).", valueName: "dollars"), transform: Dollars.parse) var low: Dollars?
        @Option(parsing: .unconditional, help: ArgumentHelp("Mid price (default the market price).", valueName: "dollars"), transform: Dollars.parse) var mid: Dollars?
        @Option(parsing: .unconditional, help: ArgumentHelp("High price (default the market price).", valueName: "dollars"), transform: Dollars.parse) var high: Dollars?
        @Option(help: "Where the price comes from.") var source = "Manual"
        @OptionGroup var store: StoreOptions
        @OptionGroup var json: JSONOption

        func run() throws {
            let context = try store.open(creating: true)
            let key = try which.key(in: context)
            let price = CachedPrice(cardId: key, marketPrice: market.value, lowPrice: low?.value ?? market.value,
                                    midPrice: mid?.value ?? market.value, highPrice: high?.value ?? market.value, source: source)
            let cards = try PriceService(context: context).store(price)
            if json.enabled { return try printJSON(PriceView(price)) }
            print("Stored \(Format.money(price.marketPrice)) for \(key.forTerminal); updated \(cards.count) card\(cards.count == 1 ? "" : "s") in stock.")
        }
    }

    struct Show: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Show a cached price and whether it is still fresh.")

        @OptionGroup var which: PriceKeyOptions
        @OptionGroup var store: StoreOptions
        @OptionGroup var json: JSONOption

        func run() throws {
            let context = try store.open(writing: false)
            let key = try which.key(in: context)
            guard let price = try PriceService(context: context).cachedPrice(for: key) else {
                throw CardShowError.invalidArgument("No cached price for \(key); store one with `cardshow price set`.")
            }
            if json.enabled { return try printJSON(PriceView(price)) }
            // An age no clock shows (a date another program stored) is said so, where converting it stopped the process.
            let age = Int(exactly: (price.age / 3600).rounded(.towardZero)).map { "\($0)h old" } ?? "of a date no clock shows"
            print("\(price.cardId.forTerminal): market \(Format.money(price.marketPrice)) (low \(Format.money(price.lowPrice)), mid \(Format.money(price.midPrice)), high \(Format.money(price.highPrice))) from \(price.source), \(age)\(price.isExpired ? ", EXPIRED: fetch it again" : "").")
        }
    }

    struct List: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "List cached prices.")

        @Flag(help: "Only those older than 24 hours.") var expired = false
        @OptionGroup var store: StoreOptions
        @OptionGroup var json: JSONOption

        func run() throws {
            let context = try store.open(writing: false)
            let service = PriceService(context: context)
            let prices = expired ? try service.expiredPrices() : try service.allPrices()
            if json.enabled { return try printJSON(prices.map(PriceView.init)) }
            guard !prices.isEmpty else { return print("No cached prices.") }
            var table = Table("Card ID", "Market", "Low", "High", "Source", "Stored", "", rightAligned: [1, 2, 3])
            for price in prices {
                table.add(price.cardId, Format.money(price.marketPrice), Format.money(price.lowPrice), Format.money(price.highPrice),
                          price.source, Format.day(price.timestamp), price.isExpired ? "expired" : "")
            }
            table.print()
        }
    }

    struct Prune: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Delete cached prices older than 24 hours.")

        @OptionGroup var store: StoreOptions
        @OptionGroup var json: JSONOption

        func run() throws {
            let context = try store.open()
            let count = try PriceService(context: context).pruneExpired()
            if json.enabled { return try printJSON(ChangeView(action: "deleted", kind: "price", count: count)) }
            print("Deleted \(count) expired price\(count == 1 ? "" : "s").")
        }
    }
}
