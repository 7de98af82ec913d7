import ArgumentParser
import CardShowPro
import CommandLineSupport
import Foundation
import OpenSwiftData

struct TradeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "trade",
        abstract: "Record, list and void trades.",
        subcommands: [Record.self, List.self, Show.self, Void.self])
}

/// A card received in a trade, written `NAME|SET|NUMBER|VALUE[|VARIANT[|CONDITION]]`.
struct ReceivedCard: ExpressibleByArgument {
    var name: String
    var set: String
    var number: String
    var value: Double
    var variant: String?
    var condition: CardCondition?

    init?(argument: String) {
        guard let card = try? Self.parse(argument) else { return nil }
        self = card
    }

    private init(name: String, set: String, number: String, value: Double, variant: String?, condition: CardCondition?) {
        self.name = name
        self.set = set
        self.number = number
        self.value = value
        self.variant = variant
        self.condition = condition
    }

    /// For `@Option(transform:)`: the card, or an error saying which part is wrong (the
    /// argument parser alone said only "The value 'A|B' is invalid for '--receive …'").
    static func parse(_ argument: String) throws -> ReceivedCard {
        let parts = argument.split(separator: "|", omittingEmptySubsequences: false).map {
            $0.trimmingCharacters(in: .whitespaces)
        }
        // The argument parser names the value before these.
        guard (4...6).contains(parts.count) else {
            throw ValidationError("it has \(counted(parts.count, "part")) between the | signs, and a card received is written "
                                  + "with 4 to 6: name|set|number|value, then a variant and a condition if you like "
                                  + "('Blastoise|Base Set|2/102|150|Holo|lp').")
        }
        guard let value = DealerInput.amount(parts[3]) else {
            throw ValidationError("its value, \"\(TerminalText.quoted(parts[3]))\", \(DealerInput.amountExpectation): "
                                  + "\(DealerInput.amountAdvice).")
        }
        // Names are one line (`NameArgument`).
        _ = try NameArgument.oneLine(parts[0])
        _ = try NameArgument.oneLine(parts[1])
        var condition: CardCondition?
        if parts.count > 5 {
            guard let parsed = CardCondition(parsing: parts[5]) else {
                throw ValidationError("its condition, \"\(TerminalText.quoted(parts[5]))\", is none of nm, lp, mp, hp and dmg "
                                      + "(or their names, such as Near Mint).")
            }
            condition = parsed
        }
        return ReceivedCard(name: parts[0], set: parts[1], number: parts[2], value: value,
                            variant: parts.count > 4 && !parts[4].isEmpty ? parts[4] : nil, condition: condition)
    }

    func makeCard() -> InventoryCard {
        InventoryCard(name: name, setName: set, cardNumber: number, variant: variant ?? "Normal",
                      condition: condition ?? .nearMint, marketValue: value)
    }
}

extension TradeCommand {
    struct Record: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Record a trade: cards you give, cards you get, and the trade percentage.",
            discussion: """
                Both sides are valued at market; the cards you get are credited at the \
                trade percentage (80 means 80% of their market value), which becomes their cost. \
                Example:
                  cardshow trade record --give 3F2A9C1B --receive 'Blastoise|Base Set|2/102|150|Holo|lp' --percentage 80
                """)

        @Option(help: "A card you give (its ID); repeat for several.") var give: [String] = []
        @Option(help: ArgumentHelp("A card you get; repeat for several.", valueName: "name|set|number|value[|variant[|condition]]"),
                transform: ReceivedCard.parse)
        var receive: [ReceivedCard] = []
        @Option(parsing: .unconditional, help: "The trade percentage: 80, 80% or 0.8. (default: 80%)",
                transform: PercentageArgument.parse)
        var percentage: PercentageArgument = PercentageArgument(fraction: 0.8)
        @Option(help: "The event it happened at (its ID); by default the running event.") var event: String?
        @Flag(name: .customLong("no-event"), help: "Not at an event, even if one is running.") var noEvent = false
        @Option(help: "Notes.") var notes: String?
        @OptionGroup var store: StoreOptions
        @OptionGroup var json: JSONOption

        func validate() throws {
            if give.isEmpty && receive.isEmpty { throw ArgumentParser.ValidationError("Give at least one --give or --receive.") }
        }

        func run() throws {
            let context = try store.open()
            let lookup = ModelLookup(context: context)
            let given = try lookup.cards(give)
            let atEvent: Event? = noEvent ? nil : try event.map(lookup.event) ?? EventService(context: context).activeEvent()
            var recorded: TradeResult?
            try CardRuleRefusal.naming(given) {
                recorded = try TradeService(context: context).recordTrade(
                    giving: given, receiving: receive.map { $0.makeCard() }, percentage: percentage.fraction,
                    event: atEvent, notes: notes)
            }
            guard let result = recorded else { return }
            if json.enabled { return try printJSON(TradeView(result.trade)) }
            let trade = result.trade
            print("Recorded trade \(trade.id.short): gave \(Format.money(trade.myCardsTotal)), got \(Format.money(trade.theirCardsTotal)) at \(Format.percent(trade.tradePercentage)) = \(Format.money(trade.theirCardsTradeValue)) credit.")
            print(trade.isBalanced ? "Balanced (within $1)." : "Differential: \(Format.money(trade.differential)) \(trade.differential > 0 ? "in their favour" : "in your favour").")
            printMatches(result.matches)
        }
    }

    struct List: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "List trades, newest first.")

        @OptionGroup var store: StoreOptions
        @OptionGroup var json: JSONOption

        func run() throws {
            let context = try store.open(writing: false)
            let trades = try TradeService(context: context).allTrades()
            if json.enabled { return try printJSON(trades.map(TradeView.init)) }
            guard !trades.isEmpty else { return print("No trades yet. Record one with `cardshow trade record`.") }
            var table = Table("ID", "Date", "Gave", "Got", "%", "Credit", "Differential", rightAligned: [2, 3, 4, 5, 6])
            for trade in trades {
                table.add(trade.id.short, Format.day(trade.date), Format.money(trade.myCardsTotal), Format.money(trade.theirCardsTotal),
                          Format.percent(trade.tradePercentage), Format.money(trade.theirCardsTradeValue), Format.money(trade.differential))
            }
            table.print()
        }
    }

    struct Void: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Void a trade recorded by mistake: the cards given go back in stock, the cards received leave.")

        @Argument(help: "The trade's ID.") var id: String
        @OptionGroup var store: StoreOptions
        @OptionGroup var json: JSONOption

        func run() throws {
            let context = try store.open()
            let trade = try ModelLookup(context: context).trade(id)
            // As it was, as `trade show` prints it: once voided it has no fields left to read.
            let view = TradeView(trade), given = trade.cardsTraded ?? [], received = (trade.cardsReceived ?? []).map(\.displayName)
            try CardRuleRefusal.naming(given + (trade.cardsReceived ?? [])) { try TradeService(context: context).void(trade) }
            if json.enabled { return try printJSON(view) }
            print("Voided trade \(view.id.short).")
            for card in given {
                let now = card.status == .inStock ? "is back in stock"
                    : "stays \(card.status.rawValue.lowercased()): it was \(card.status == .sold ? "sold" : "traded away") on another device too"
                print("  \(card.displayName.forTerminal) \(now).")
            }
            for name in received { print("  \(name.forTerminal), received in it, is removed.") }
        }
    }

    struct Show: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Show a trade's cards.")

        @Argument(help: "The trade's ID.") var id: String
        @OptionGroup var store: StoreOptions
        @OptionGroup var json: JSONOption

        func run() throws {
            let context = try store.open(writing: false)
            let trade = try ModelLookup(context: context).trade(id)
            if json.enabled { return try printJSON(TradeView(trade)) }
            print("Trade \(trade.id.uuidString) on \(Format.day(trade.date)) at \(Format.percent(trade.tradePercentage))")
            print("Gave (\(Format.money(trade.myCardsTotal))):")
            for card in trade.cardsTraded ?? [] { print("  \(card.displayName.forTerminal) \(Format.money(card.marketValue))") }
            print("Got (\(Format.money(trade.theirCardsTotal)), credited \(Format.money(trade.theirCardsTradeValue))):")
            for card in trade.cardsReceived ?? [] { print("  \(card.displayName.forTerminal) \(Format.money(card.marketValue))") }
        }
    }
}
