import ArgumentParser
import CardShowPro
import CommandLineSupport
import Foundation
import OpenSwiftData

struct Demo: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Load a few sample cards, a contact with a want list and a sale, to try cardshow out.",
        discussion: "The samples are added once: on a store that already has cards, demo only shows the inventory (--force adds them again).")

    @Flag(help: "Load the samples even if the store already has cards.") var force = false
    @OptionGroup var store: StoreOptions
    @OptionGroup var json: JSONOption

    func run() throws {
        let context = try store.open(creating: true)
        // The check and the samples' save in one transaction: two demos at once load them once.
        var loaded: (cards: [InventoryCard], matches: [WantListMatch])?
        try context.transaction {
            if !force, try context.fetchCount(FetchDescriptor<InventoryCard>()) > 0 { return }
            loaded = try Self.loadSamples(into: context)
        }
        guard let (cards, matches) = loaded else {
            if json.enabled { return try printJSON(try InventoryStats(context: context)) }
            print("The store already has cards, so no samples were added (--force adds them anyway).\n")
            return try Stats.show(store: store, context: context)
        }
        if json.enabled { return try printJSON(try InventoryStats(context: context)) }
        print("Loaded \(cards.count) sample cards (one sold), a contact and a want list into \(store.url.path.forTerminal).")
        printMatches(matches)
        print()
        try Stats.show(store: store, context: context)
        print("\nNext: cardshow card list · cardshow want matches · cardshow --help")
    }

    /// The sample cards, a contact with a want, and a sale, inserted and not saved.
    static func loadSamples(into context: ModelContext) throws -> (cards: [InventoryCard], matches: [WantListMatch]) {
        let samples: [(String, String, String, String, CardCondition, Double?, Double)] = [
            ("Charizard", "Base Set", "4/102", "Holo", .lightlyPlayed, 220, 350),
            ("Blastoise", "Base Set", "2/102", "Holo", .nearMint, 120, 150),
            ("Pikachu", "Jungle", "60/64", "Normal", .nearMint, 2, 12.5),
            ("Mewtwo", "Base Set", "10/102", "Holo", .moderatelyPlayed, 40, 65),
            ("Umbreon VMAX", "Evolving Skies", "215/203", "Alternate Art", .nearMint, 480, 610),
            ("Lugia", "Neo Genesis", "9/111", "Holo", .heavilyPlayed, nil, 180),
        ]
        let cards = samples.map { name, set, number, variant, condition, cost, value in
            InventoryCard(name: name, setName: set, cardNumber: number, variant: variant, condition: condition,
                          marketValue: value, purchaseCost: cost)
        }
        cards[4].isGraded = true
        cards[4].gradingCompany = "PSA"
        cards[4].grade = 10
        cards[4].certNumber = "81234567"
        cards[0].tags = ["Featured", "High Value"]
        cards[0].catalogID = "base1-4"

        let contact = Contact(name: "Ash Ketchum", role: .customer, priority: .high)
        contact.phone = "555-0151"
        contact.metAt = "Phoenix Card Show"
        try ContactService(context: context).add(contact, save: false)
        let want = WantListItem(cardName: "Blastoise", priority: .high)
        want.maxPrice = 175
        try ContactService(context: context).addWant(want, to: contact, save: false)
        let matches = try InventoryService(context: context).add(cards, save: false)
        try SalesService(context: context).recordSale(of: cards[3], price: 70, platformFees: 9.1, shippingCost: 4,
                                                      platform: "eBay", save: false)
        return (cards, matches)
    }
}
