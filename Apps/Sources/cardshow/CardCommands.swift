import ArgumentParser
import CardShowPro
import CommandLineSupport
import Foundation
import OpenSwiftData
#if canImport(Glibc)
import Glibc
#endif

struct CardCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "card",
        abstract: "Add, list, search, show, update and delete cards.",
        subcommands: [Add.self, List.self, Search.self, Show.self, Update.self, Delete.self])
}

/// The card fields `add` and `update` share.
struct CardFieldOptions: ParsableArguments {
    @Option(help: "Variant: Normal, Holo, Reverse Holo, ...") var variant: String?
    @Option(help: "Condition.") var condition: ConditionArgument?
    @Option(parsing: .unconditional, help: ArgumentHelp("What you paid, in dollars.", valueName: "dollars"), transform: Dollars.parse) var cost: Dollars?
    @Option(parsing: .unconditional, help: ArgumentHelp("Market value, in dollars.", valueName: "dollars"), transform: Dollars.parse) var value: Dollars?
    @Option(name: .customLong("acquired-from"), help: "Where it came from: Trade, Target, Card Show, ...") var acquiredFrom: String?
    @Option(help: ArgumentHelp("When you got it (2026-01-13).", valueName: "date"), transform: DayArgument.parse) var acquired: DayArgument?
    @Option(help: "Notes.") var notes: String?
    @Option(name: .customLong("tag"), help: "A tag (repeat for several).") var tags: [String] = []
    @Option(name: .customLong("catalog-id"), help: "The pricing API's ID for the card (base1-4), for `price set`.") var catalogID: String?
    @Option(name: .customLong("graded-by"), help: "Grading company, for a graded card (PSA, BGS, CGC, SGC).") var gradedBy: String?
    @Option(parsing: .unconditional, help: "Grade, 1-10, for a graded card.", transform: WholeNumber.parse) var grade: Int?
    @Option(help: "Certificate number, for a graded card.") var cert: String?

    /// Whether any is given.
    var anyGiven: Bool {
        variant != nil || condition != nil || cost != nil || value != nil || acquiredFrom != nil || acquired != nil || notes != nil
            || !tags.isEmpty || catalogID != nil || gradedBy != nil || grade != nil || cert != nil
    }

    /// Applies the options given; those not given leave the card as it is.
    func apply(to card: InventoryCard) {
        if let variant { card.variant = variant }
        if let condition { card.condition = condition.condition }
        if let cost { card.purchaseCost = cost.value }
        if let value { card.marketValue = value.value }
        if let acquiredFrom { card.acquiredFrom = acquiredFrom }
        if let acquired { card.acquiredDate = acquired.date }
        if let notes { card.notes = notes }
        if !tags.isEmpty { card.tags = tags }
        if let catalogID { card.catalogID = catalogID }
        if gradedBy != nil || grade != nil || cert != nil { card.isGraded = true }
        if let gradedBy { card.gradingCompany = gradedBy.trimmingCharacters(in: .whitespaces).uppercased() }
        if let grade { card.grade = grade }
        if let cert { card.certNumber = cert }
    }
}

extension CardCommand {
    struct Add: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Add a card to inventory, and say who wants it.",
            usage: "cardshow card add --name NAME --set SET --number NUMBER [--variant V] [--condition nm|lp|mp|hp|dmg] [--cost DOLLARS] [--value DOLLARS] [--store PATH]")

        @Option(help: "The card's name.", transform: NameArgument.oneLine) var name: String
        @Option(help: "The set it is from.", transform: NameArgument.oneLine) var set: String
        @Option(help: "The card number (4/102).") var number: String
        @OptionGroup var fields: CardFieldOptions
        @OptionGroup var store: StoreOptions
        @OptionGroup var json: JSONOption

        func run() throws {
            let card = InventoryCard(name: name, setName: set, cardNumber: number)
            fields.apply(to: card)
            if fields.acquired == nil { card.lastPriceUpdate = Date() }
            // Checked before the store is opened (the save checks it again): a refused first command leaves no store.
            try card.validate()
            let context = try store.open(creating: true)
            let matches = try InventoryService(context: context).add(card)
            if json.enabled { return try printJSON(CardView(card)) }
            print("Added \(card.displayName.forTerminal) (\(card.id.short)), \(card.condition.abbreviation), worth \(Format.money(card.marketValue)).")
            printMatches(matches)
        }
    }

    struct List: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "List cards in stock, with the seed's filters.",
            usage: "cardshow card list [--min-value V] [--max-value V] [--graded] [--json] [--limit N] [--offset M] [--store PATH]",
            discussion: """
                Lists every matching card. In a terminal, a listing stops after \(terminalPage) cards \
                and says how many more there are; --limit and --offset page through a large inventory.
                """)

        /// Cards a terminal listing shows when no --limit is given; scripts get them all.
        static let terminalPage = 1_000

        @Option(name: .customLong("min-value"), parsing: .unconditional, help: ArgumentHelp("Only cards worth at least this.", valueName: "dollars"), transform: Dollars.parse) var minValue: Dollars?
        @Option(name: .customLong("max-value"), parsing: .unconditional, help: ArgumentHelp("Only cards worth at most this.", valueName: "dollars"), transform: Dollars.parse) var maxValue: Dollars?
        @Flag(help: "Only graded cards.") var graded = false
        @Flag(help: "Only raw (ungraded) cards.") var raw = false
        @Option(help: "Only cards whose name contains this (ignoring case and accents).") var search: String?
        @Flag(name: .customLong("this-month"), help: "Only cards acquired this month, newest first.") var thisMonth = false
        @Option(parsing: .unconditional, help: "Only the N most valuable.", transform: WholeNumber.parse) var top: Int?
        @Option(help: "Sort by name, value (highest first) or date (newest first).") var sort: SortKey = .name
        @Flag(name: .customLong("include-sold"), help: "Include sold and traded-away cards.") var includeSold = false
        @Option(parsing: .unconditional, help: ArgumentHelp("Show at most N cards.", valueName: "N"), transform: WholeNumber.parse) var limit: Int?
        @Option(parsing: .unconditional, help: ArgumentHelp("Skip the first M cards of the listing.", valueName: "M"), transform: WholeNumber.parse) var offset: Int?
        @OptionGroup var store: StoreOptions
        @OptionGroup var json: JSONOption

        enum SortKey: String, ExpressibleByArgument, CaseIterable { case name, value, date }

        func validate() throws {
            if graded && raw { throw ArgumentParser.ValidationError("--graded and --raw exclude each other.") }
            if let minValue, let maxValue, minValue.value > maxValue.value {
                throw ArgumentParser.ValidationError("--min-value \(Format.money(minValue.value)) is above --max-value \(Format.money(maxValue.value)): "
                                                     + "give the lower amount with --min-value.")
            }
            // Every name contains the empty text, yet the search finds none: "No cards match" would be wrong.
            if search?.isEmpty == true {
                throw ArgumentParser.ValidationError("--search is empty: give the text the names contain, or leave --search out to list every card.")
            }
            if let top, top < 1 { throw ArgumentParser.ValidationError("--top needs a number of cards, 1 or more.") }
            if let limit, limit < 1 { throw ArgumentParser.ValidationError("--limit needs a number of cards, 1 or more.") }
            if let offset, offset < 0 { throw ArgumentParser.ValidationError("--offset needs a number of cards to skip, 0 or more.") }
            if top != nil && (limit != nil || offset != nil) {
                throw ArgumentParser.ValidationError("--top already limits the listing; use --sort value --limit N --offset M to page.")
            }
        }

        func run() throws {
            let context = try store.open(writing: false)
            let filter = CardFilter(minValue: minValue?.value, maxValue: maxValue?.value,
                                    graded: graded ? true : raw ? false : nil, inStockOnly: !includeSold)
            var sortBy: [SortDescriptor<InventoryCard>] = switch sort {
            case .name: [SortDescriptor(\.name), SortDescriptor(\.cardNumber)]
            case .value: [SortDescriptor(\.marketValue, order: .reverse)]
            case .date: [SortDescriptor(\.acquiredDate, order: .reverse)]
            }
            if top != nil { sortBy = [SortDescriptor(\.marketValue, order: .reverse)] }
            else if thisMonth { sortBy = [SortDescriptor(\.acquiredDate, order: .reverse)] }
            let skip = offset ?? 0
            // A person at a terminal gets a page and a note; a script gets everything it asked for.
            let page = limit ?? top ?? (!json.enabled && isatty(STDOUT_FILENO) == 1 ? Self.terminalPage : nil)
            let queries = InventoryQueries(context: context)
            var cards: [InventoryCard]
            let matching: Int
            if search == nil && !thisMonth {
                cards = try queries.cards(matching: filter, sortBy: sortBy, limit: page, offset: skip)
                matching = page == nil ? skip + cards.count : try queries.count(matching: filter)
            } else {
                // These filters are not in the store's query language, so they page here.
                var all = try queries.cards(matching: filter, sortBy: sortBy)
                if let search { all = all.filter { $0.name.localizedStandardContains(search) } }
                if thisMonth, let month = Calendar.current.dateInterval(of: .month, for: Date()) {
                    all = all.filter { $0.acquiredDate >= month.start }
                }
                matching = all.count
                cards = Array(all.dropFirst(skip).prefix(page ?? all.count))
            }
            try printCards(cards, json: json.enabled)
            let shown = skip + cards.count
            if limit == nil && top == nil && shown < matching {
                printError("""
                    \(matching - shown) more card\(matching - shown == 1 ? "" : "s") match (\(matching) in all). \
                    Page on with --limit \(Self.terminalPage) --offset \(shown), or pipe the output to list them all.
                    """)
            }
        }
    }

    struct Search: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Find cards by name, ignoring case and accents.")

        @Argument(help: "Text the name contains.") var text: String
        @Flag(name: .customLong("include-sold"), help: "Include sold and traded-away cards.") var includeSold = false
        @OptionGroup var store: StoreOptions
        @OptionGroup var json: JSONOption

        func validate() throws {
            // Every name contains the empty text, yet the search finds none: "No cards match" would be wrong.
            if text.isEmpty {
                throw ArgumentParser.ValidationError("The search text is empty: give the text the names contain, "
                                                     + "or list every card with `cardshow card list`.")
            }
        }

        func run() throws {
            let context = try store.open(writing: false)
            let cards = try InventoryQueries(context: context).search(name: text).filter { includeSold || $0.isInStock }
            try printCards(cards, json: json.enabled)
        }
    }

    struct Show: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Show a card with its sales, trades and who wants it.")

        @Argument(help: "The card's ID (the first 8 characters are enough) or its name.") var id: String
        @OptionGroup var store: StoreOptions
        @OptionGroup var json: JSONOption

        func run() throws {
            let context = try store.open(writing: false)
            let card = try cardByIDOrName(id, in: context)
            let sales = card.sales ?? []
            let trades = card.trades ?? []
            let matches = try WantListMatcher(context: context).matches(for: card)
            if json.enabled {
                struct Detail: Encodable { var card: CardView; var sales: [SaleView]; var tradeIDs: [UUID]; var wantedBy: [MatchView] }
                return try printJSON(Detail(card: CardView(card), sales: sales.map(SaleView.init), tradeIDs: trades.map(\.id),
                                            wantedBy: matches.map(MatchView.init)))
            }
            var lines = [
                "\(card.displayName)  [\(card.id.uuidString)]",
                "  Set:        \(card.setName)",
                "  Variant:    \(card.variant)",
                "  Condition:  \(card.condition.rawValue)",
                "  Status:     \(card.status.rawValue)",
                "  Value:      \(Format.money(card.marketValue)) (priced \(Format.day(card.lastPriceUpdate)))",
                "  Cost:       \(Format.money(card.purchaseCost))",
                "  Profit:     \(Format.money(card.profit)) (ROI \(Format.percent(card.profitMargin)))",
                "  Acquired:   \(Format.day(card.acquiredDate))" + (card.acquiredFrom.map { " from \($0)" } ?? ""),
            ]
            if card.isGraded {
                lines.append("  Graded:     \(card.gradingCompany ?? "?") \(card.grade.map(String.init) ?? "?")" + (card.certNumber.map { ", cert \($0)" } ?? ""))
            }
            if !card.tags.isEmpty { lines.append("  Tags:       \(card.tags.joined(separator: ", "))") }
            if let catalogID = card.catalogID { lines.append("  Catalog ID: \(catalogID)") }
            if let notes = card.notes { lines.append("  Notes:      \(notes)") }
            for sale in sales {
                lines.append("  Sold \(Format.day(sale.date)) on \(sale.platform) for \(Format.money(sale.salePrice)), net \(Format.money(sale.netProfit))" + (sale.buyerName.map { " to \($0)" } ?? "") + " (sale \(sale.id.short))")
            }
            for trade in trades {
                let given = (trade.cardsTraded ?? []).contains { $0 === card }
                lines.append("  \(given ? "Traded away" : "Received in trade") \(Format.day(trade.date)) (trade \(trade.id.short))")
            }
            // Stored text came from imports too: shown escaped, one line per field.
            print(lines.map(TerminalText.escaped).joined(separator: "\n"))
            printMatches(matches)
        }
    }

    struct Update: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Change a card's details; options not given stay as they are.")

        @Argument(help: "The card's ID.") var id: String
        @Option(help: "The card's name.", transform: NameArgument.oneLine) var name: String?
        @Option(help: "The set it is from.", transform: NameArgument.oneLine) var set: String?
        @Option(help: "The card number.") var number: String?
        @OptionGroup var fields: CardFieldOptions
        @Flag(name: .customLong("clear-cost"), help: "Forget what the card cost.") var clearCost = false
        @Flag(name: .customLong("clear-grading"), help: ArgumentHelp(
            "Make the card ungraded, forgetting its grading company, grade and certificate number.",
            discussion: "As a company another device stored that CardShow Pro does not know leaves it."))
        var clearGrading = false
        @Flag(name: .customLong("new-id"), help: ArgumentHelp(
            "Give the card a new ID.", discussion: "Of several cards another program stored with one ID, each but the first gets its own."))
        var newID = false
        @OptionGroup var store: StoreOptions
        @OptionGroup var json: JSONOption

        func validate() throws {
            if clearGrading, fields.gradedBy != nil || fields.grade != nil || fields.cert != nil {
                throw ArgumentParser.ValidationError("Give --clear-grading alone, or --graded-by, --grade and --cert: not both.")
            }
        }

        func run() throws {
            let context = try store.open()
            // The lookup, the checks of the day acquired (the card's sales at the save, its grading
            // submissions below) and the save are one transaction: a sale recorded, or a submission's
            // day sent changed, by another process meanwhile is seen, where both were saved and the
            // card was left acquired after the day it was sold or sent.
            var updated: InventoryCard?, shared: [InventoryCard] = [], stored: (rule: CardShowPro.ValidationError, words: String, mend: String)?
            do {
                try context.transaction {
                    let cards = try ModelLookup(context: context).matching(InventoryCard.self, id: id)
                    if newID, cards.count > 1 {
                        shared = cards
                        return
                    }
                    guard cards.count == 1 else { throw CardShowError.sharedID(kind: InventoryCard.dealerKind, id: cards[0].id, count: cards.count) }
                    stored = Self.ruleBroken(by: cards[0])
                    updated = try update(cards[0], in: context)
                }
            } catch let rule as CardShowPro.ValidationError where rule == stored?.rule {
                // A rule the card broke as stored, which this change leaves broken: the rule's
                // words alone left the option that mends it to guess.
                throw ToolError("\(stored?.words ?? rule.description) Nothing was changed.\nMend it with `\(stored?.mend ?? "")`, then run this again.")
            }
            if !shared.isEmpty { return try giveOwnIDs(to: shared, in: context) }
            guard let card = updated else { return }
            if json.enabled { return try printJSON(CardView(card)) }
            print("Updated \(card.displayName.forTerminal) (\(card.id.short)): worth \(Format.money(card.marketValue)), cost \(Format.money(card.purchaseCost)).")
        }

        /// The rule `card` breaks as another program (or a client keeping no rules, through sync)
        /// stored it, in words for it as stored, with the update that mends it, when one does.
        static func ruleBroken(by card: InventoryCard) -> (rule: CardShowPro.ValidationError, words: String, mend: String)? {
            do {
                try card.validate()
                return nil
            } catch let rule as CardShowPro.ValidationError {
                return card.mendingOptions(of: rule).map { (rule, card.storedWords(of: rule), "cardshow card update \(card.id.short) \($0)") }
            } catch {
                return nil
            }
        }

        /// The options' changes to `card`, checked; saved by the caller's transaction.
        private func update(_ card: InventoryCard, in context: ModelContext) throws -> InventoryCard {
            let acquired = DealerDay.of(card.acquiredDate)
            if newID { card.id = UUID() }
            if let name { card.name = name }
            if let set { card.setName = set }
            if let number { card.cardNumber = number }
            fields.apply(to: card)
            if clearCost { card.purchaseCost = nil }
            if clearGrading {
                // A company or grade another device stored that the rules refuse was mended only
                // by grading the card, which `--graded-by` does.
                card.isGraded = false
                card.gradingCompany = nil
                card.grade = nil
                card.certNumber = nil
            }
            if fields.value != nil { card.lastPriceUpdate = Date() }
            // A card's sales hold it to its day acquired at the save; its grading submissions do not.
            if DealerDay.of(card.acquiredDate) > acquired { try GradingService(context: context).refuseAcquiredAfterSent([card]) }
            return card
        }

        /// Gives each of `shared` (cards of one ID) but the first its own ID, in one save, and says which is which.
        private func giveOwnIDs(to shared: [InventoryCard], in context: ModelContext) throws {
            guard name == nil, set == nil, number == nil, !fields.anyGiven, !clearCost, !clearGrading else {
                throw ToolError("\(shared.count) cards hold the ID \(shared[0].id.short), as another program stored them, so it "
                                + "cannot tell which one to change. Nothing was changed.\nGive them their own IDs with `cardshow card "
                                + "update \(shared[0].id.short) --new-id` alone, then change the one you mean by its new ID.")
            }
            var lines = ["\(shared[0].displayName.forTerminal) keeps the ID \(shared[0].id.short)."]
            for card in shared.dropFirst() {
                card.id = UUID()
                lines.append("\(card.displayName.forTerminal) now has the ID \(card.id.short).")
            }
            try context.save()
            if json.enabled { return try printJSON(shared.map(CardView.init)) }
            print(lines.joined(separator: "\n"))
        }
    }

    struct Delete: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Delete a card. Its sales and trades stay in the history.")

        @Argument(help: "The card's ID.") var id: String
        @OptionGroup var store: StoreOptions
        @OptionGroup var json: JSONOption

        func run() throws {
            let context = try store.open()
            let card = try ModelLookup(context: context).card(id)
            // As it was, as `card list` prints it: once deleted it has no fields left to read.
            let name = card.displayName, view = CardView(card)
            try InventoryService(context: context).delete(card)
            if json.enabled { return try printJSON(view) }
            print("Deleted \(name.forTerminal).")
        }
    }
}

func printCards(_ cards: [InventoryCard], json: Bool) throws {
    if json { return try printJSON(cards.map(CardView.init)) }
    guard !cards.isEmpty else { return print("No cards match.") }
    var table = Table("ID", "Name", "Set", "Number", "Cond", "Value", "Cost", "Graded", "Status", rightAligned: [5, 6])
    for card in cards {
        table.add(card.id.short, card.name, card.setName, card.cardNumber, card.condition.abbreviation,
                  Format.money(card.marketValue), Format.money(card.purchaseCost),
                  card.isGraded ? "\(card.gradingCompany ?? "") \(card.grade.map(String.init) ?? "")" : "",
                  card.status.rawValue)
    }
    table.print()
    let total = cards.reduce(0) { $0 + $1.marketValue }
    print("\(cards.count) card\(cards.count == 1 ? "" : "s"), \(Format.money(total))")
}

/// Tells the dealer whom to call about cards that just came in.
func printMatches(_ matches: [WantListMatch]) {
    guard !matches.isEmpty else { return }
    print("Wanted by:")
    for match in matches {
        let contact = match.contact
        let reach = [contact?.phone, contact?.email].compactMap { $0 }.joined(separator: ", ")
        let limit = match.item.maxPrice.map { ", up to \(Format.money($0))" } ?? ""
        print("  \((contact?.name ?? "someone").forTerminal) (\(match.item.priority.rawValue.lowercased()) priority\(limit))"
              + " for \(match.card.displayName)" + (reach.isEmpty ? "" : ": \(reach)"))
    }
}
