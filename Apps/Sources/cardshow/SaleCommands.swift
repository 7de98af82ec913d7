import ArgumentParser
import CardShowPro
import CommandLineSupport
import Foundation
import OpenSwiftData

struct SaleCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sale",
        abstract: "Record, list and void sales.",
        subcommands: [Record.self, List.self, Edit.self, Void.self])
}

extension SaleCommand {
    struct Record: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Record the sale of a card in stock.",
            discussion: """
                While an event is running, a sale is recorded at it (its revenue, profit and \
                cards sold) unless you give --no-event or another --event.
                """)

        @Option(help: "The card sold (its ID).") var card: String
        @Option(parsing: .unconditional, help: ArgumentHelp("The sale price.", valueName: "dollars"), transform: Dollars.parse) var price: Dollars
        @Option(parsing: .unconditional, help: ArgumentHelp("Platform fees.", valueName: "dollars"), transform: Dollars.parse) var fees: Dollars?
        @Option(parsing: .unconditional, help: ArgumentHelp("Shipping you paid.", valueName: "dollars"), transform: Dollars.parse) var shipping: Dollars?
        @Option(help: "Where it sold: eBay, TCGPlayer, In-Person, ...") var platform = "In-Person"
        @Option(help: "The buyer's name.") var buyer: String?
        @Option(help: "The buyer, when they are a contact (their ID).") var contact: String?
        @Option(help: "The event it sold at (its ID); by default the running event.") var event: String?
        @Flag(name: .customLong("no-event"), help: "Not sold at an event, even if one is running.") var noEvent = false
        @Option(help: ArgumentHelp("When it sold (default now).", valueName: "date"), transform: DayArgument.parse) var date: DayArgument?
        @Option(help: "Notes.") var notes: String?
        @OptionGroup var store: StoreOptions
        @OptionGroup var json: JSONOption

        func run() throws {
            let context = try store.open()
            let lookup = ModelLookup(context: context)
            let card = try lookup.card(self.card)
            let buyerContact = try contact.map(lookup.contact)
            let atEvent: Event? = noEvent ? nil : try event.map(lookup.event) ?? EventService(context: context).activeEvent()
            var recorded: SalesHistory?
            try CardRuleRefusal.naming([card]) {
                recorded = try SalesService(context: context).recordSale(
                    of: card, price: price.value, platformFees: fees?.value ?? 0, shippingCost: shipping?.value ?? 0,
                    platform: platform, buyer: buyerContact, buyerName: buyer, event: atEvent, date: date?.date ?? Date(),
                    notes: notes)
            }
            guard let sale = recorded else { return }
            if json.enabled { return try printJSON(SaleView(sale)) }
            print("Sold \(card.displayName.forTerminal) for \(Format.money(sale.salePrice)) (\(sale.platform.forTerminal)): net \(Format.money(sale.netProfit)), profit \(Format.money(SalesService.profit(of: sale))) (sale \(sale.id.short)).")
            if let atEvent {
                print("At \(atEvent.name.forTerminal): \(atEvent.cardsSold) sold, \(Format.money(atEvent.totalRevenue)) revenue, \(Format.money(atEvent.totalProfit)) profit.")
            }
        }
    }

    struct List: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "List sales, newest first.")

        @Option(help: "Only the sales at this event (its ID).") var event: String?
        @OptionGroup var store: StoreOptions
        @OptionGroup var json: JSONOption

        func run() throws {
            let context = try store.open(writing: false)
            var sales = try SalesService(context: context).allSales()
            if let event {
                let wanted = try ModelLookup(context: context).event(event)
                sales = sales.filter { $0.event === wanted }
            }
            if json.enabled { return try printJSON(sales.map(SaleView.init)) }
            guard !sales.isEmpty else { return print("No sales yet. Record one with `cardshow sale record --card ID --price DOLLARS`.") }
            var table = Table("ID", "Date", "Card", "Platform", "Price", "Net", "Profit", "Buyer", rightAligned: [4, 5, 6])
            for sale in sales {
                table.add(sale.id.short, Format.day(sale.date), sale.card?.displayName ?? sale.cardName ?? "(deleted card)", sale.platform,
                          Format.money(sale.salePrice), Format.money(sale.netProfit),
                          Format.money(SalesService.profit(of: sale)), sale.buyerName ?? "")
            }
            table.print()
            print("\(sales.count) sale\(sales.count == 1 ? "" : "s"), \(Format.money(sales.reduce(0) { $0 + $1.salePrice })) revenue")
        }
    }

    struct Void: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Void a sale recorded by mistake: the card goes back in stock.")

        @Argument(help: "The sale's ID.") var id: String
        @OptionGroup var store: StoreOptions
        @OptionGroup var json: JSONOption

        func run() throws {
            let context = try store.open()
            let sale = try ModelLookup(context: context).sale(id)
            // As it was, as `sale list` prints it: once voided it has no fields left to read.
            let soldCard = sale.card, card = sale.card?.displayName ?? sale.cardName ?? "the card", view = SaleView(sale)
            try CardRuleRefusal.naming(soldCard.map { [$0] } ?? []) { try SalesService(context: context).void(sale) }
            if json.enabled { return try printJSON(view) }
            // A card deleted since, or removed by a trade another device voided: nothing comes back.
            guard soldCard != nil else {
                return print("Voided the sale of \(card.forTerminal); the card is no longer in the store, so nothing goes back in stock.")
            }
            guard soldCard?.status != .sold else {
                return print("Voided the sale of \(card.forTerminal); its other sale stands, so it is still sold.")
            }
            guard soldCard?.status != .tradedAway else {
                return print("Voided the sale of \(card.forTerminal); it was traded away, so it stays out of stock.")
            }
            print("Voided the sale of \(card.forTerminal); it is back in stock.")
        }
    }
}
