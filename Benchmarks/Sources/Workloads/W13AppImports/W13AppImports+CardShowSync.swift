import CardShowPro
import Foundation
import OpenSwiftData
import OpenSwiftDataSync

// CardShow Pro's first sync of a dealer's inventory brought to one show, through a sync
// server given the app's schema as `cardshow-server` is: a laptop holding the cards (saved,
// as an import saves them) and a show they were all brought to afterwards uploads them,
// then a phone with an empty store downloads them. Each card is a member of the show's
// many-to-many `inventory`, whose pairs are synced from the show's side; in the `sold` cases
// each card was also sold there, a sale that is a member of the show's `sales` (kept by the
// sale's to-one) and of the card's: the relationship paths W14, one model without
// relationships, does not take. Measured: the laptop's sync, then the phone's. A step that
// grows faster than the cards shows as a time per card at 20,000 above the time per card at
// 2,000 (a push that read every member of an owner again for each member took 40 s at 2,000
// cards brought to a show, debug build).
extension W13AppImports {
    static let showSyncSizes = [Scale.rows(20_000), Scale.rows(2_000)]

    /// A show's cards: how many, and whether each was sold there.
    struct ShowSync {
        let cards: Int
        let sold: Bool
    }

    static var cardShowSyncCases: [BenchmarkCase] {
        [false, true].flatMap { sold in
            showSyncSizes.map { cards in
                BenchmarkCase.make(
                    "W13 cardshow first sync \(Scale.name(cards)) \(sold ? "sold at one show" : "at one show")",
                    .openSwiftData, freshStorePerIteration: true, iterations: Scale.iterations(3),
                    fixture: { ShowSync(cards: cards, sold: sold) }, implementation: syncShow, verify: verifyShowSync)
            }
        }
    }

    static func syncShow(_ iteration: Iteration, _ show: ShowSync) throws -> (phoneCards: Int, atShow: Int, soldThere: Int) {
        let directory = iteration.directory
        let laptop = try CardShowStore.container(at: directory.appendingPathComponent("laptop.store"))
        let phone = try CardShowStore.container(at: directory.appendingPathComponent("phone.store"))
        let version = CardShowStore.schema.version.description
        let serverStore = try ModelContainer(for: Schema(SyncServer.models),
                                             configurations: [ModelConfiguration(url: directory.appendingPathComponent("sync.store"))])
        let schema = try SyncedSchema(CardShowStore.schema, excluding: Set(Schema(SyncClient.models).entities.map(\.name)))
        let server = try SyncServer(modelContainer: serverStore, schemaVersion: version, schema: schema)
        try fillLaptop(laptop, show)

        let laptopClient = try SyncClient(modelContainer: laptop, account: "dealer",
                                          transport: InProcessSyncTransport(server: server, signedInAs: "dealer"))
        let phoneClient = try SyncClient(modelContainer: phone, account: "dealer",
                                         transport: InProcessSyncTransport(server: server, signedInAs: "dealer"))
        try iteration.measure {
            try waitFor {
                try await laptopClient.syncOnce()
                try await phoneClient.syncOnce()
            }
        }
        let context = ModelContext(phone)
        let phoneCards = try context.fetchCount(FetchDescriptor<CardShowPro.InventoryCard>())
        let event = try context.fetch(FetchDescriptor<CardShowPro.Event>()).first
        return (phoneCards, event?.inventory?.count ?? 0, event?.sales?.count ?? 0)
    }

    /// The laptop's cards, saved, then a show holding all of them (and a sale of each there,
    /// when sold), saved after: an inventory imported before the show, as a dealer's is.
    private static func fillLaptop(_ laptop: ModelContainer, _ fixture: ShowSync) throws {
        let context = ModelContext(laptop)
        let conditions = CardShowPro.CardCondition.allCases
        let start = Date(timeIntervalSince1970: 1_735_689_600)  // 2025-01-01
        var inventory: [CardShowPro.InventoryCard] = []
        for index in 0..<fixture.cards {
            let card = CardShowPro.InventoryCard(
                name: "Card \(index)", setName: "Set \(index % 97)", cardNumber: "\(index % 400)/400",
                variant: index % 5 == 0 ? "Holo" : "Normal", condition: conditions[index % conditions.count],
                marketValue: Double(index % 50_000) / 100, purchaseCost: Double(index % 9_000) / 100,
                acquiredDate: start.addingTimeInterval(Double(index % 700) * 86_400))
            context.insert(card)
            inventory.append(card)
        }
        try context.save()
        let show = CardShowPro.Event(name: "Spring Show", date: start, location: "Hall A")
        context.insert(show)
        show.inventory = inventory
        show.cardsCount = inventory.count
        if fixture.sold {
            // The day after the latest acquired date (2026-12-02), as a sale must be, and not
            // in the future, as a sale must not be.
            let day = start.addingTimeInterval(700 * 86_400)
            for card in inventory {
                let sale = CardShowPro.SalesHistory(salePrice: card.marketValue, platform: "Show", card: card, date: day)
                context.insert(sale)
                sale.event = show
            }
        }
        try context.save()
    }

    static func verifyShowSync(_ output: (phoneCards: Int, atShow: Int, soldThere: Int), _ show: ShowSync) throws {
        try checkEqual(output.phoneCards, show.cards, "W13 cardshow sync: cards on the phone")
        try checkEqual(output.atShow, show.cards, "W13 cardshow sync: cards at the show on the phone")
        try checkEqual(output.soldThere, show.sold ? show.cards : 0, "W13 cardshow sync: sales at the show on the phone")
    }
}
