import CardShowPro
import Foundation
import OpenSwiftData
import OpenSwiftDataSync

// CardShow Pro's first sync of a dealer's inventory brought to one show, through a sync
// server given the app's schema as `cardshow-server` is: a laptop holding the cards (saved,
// as an import saves them) and a show they were all brought to afterwards uploads them,
// then a phone with an empty store downloads them. Each card is a member of the show's
// many-to-many `inventory`, whose pairs are synced from the show's side: the relationship
// path W14, one model without relationships, does not take. Measured: the laptop's sync,
// then the phone's. A step that grows faster than the cards shows as a time per card at
// 20,000 above the time per card at 2,000 (a push that read every member of the show again
// for each member took 40 s at 2,000 cards, debug build).
extension W13AppImports {
    static let showSyncSizes = [Scale.rows(20_000), Scale.rows(2_000)]

    static var cardShowSyncCases: [BenchmarkCase] {
        showSyncSizes.map { cards in
            BenchmarkCase.make(
                "W13 cardshow first sync \(Scale.name(cards)) at one show", .openSwiftData, freshStorePerIteration: true,
                iterations: Scale.iterations(3), fixture: { cards }, implementation: syncShow, verify: verifyShowSync)
        }
    }

    static func syncShow(_ iteration: Iteration, _ cards: Int) throws -> (phoneCards: Int, atShow: Int) {
        let directory = iteration.directory
        let laptop = try CardShowStore.container(at: directory.appendingPathComponent("laptop.store"))
        let phone = try CardShowStore.container(at: directory.appendingPathComponent("phone.store"))
        let version = CardShowStore.schema.version.description
        let serverStore = try ModelContainer(for: Schema(SyncServer.models),
                                             configurations: [ModelConfiguration(url: directory.appendingPathComponent("sync.store"))])
        let schema = try SyncedSchema(CardShowStore.schema, excluding: Set(Schema(SyncClient.models).entities.map(\.name)))
        let server = try SyncServer(modelContainer: serverStore, schemaVersion: version, schema: schema)
        try fillLaptop(laptop, cards: cards)

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
        let atShow = try context.fetch(FetchDescriptor<CardShowPro.Event>()).first?.inventory?.count ?? 0
        return (phoneCards, atShow)
    }

    /// The laptop's cards, saved, then a show holding all of them, saved after: an inventory
    /// imported before the show, as a dealer's is.
    private static func fillLaptop(_ laptop: ModelContainer, cards: Int) throws {
        let context = ModelContext(laptop)
        let conditions = CardShowPro.CardCondition.allCases
        let start = Date(timeIntervalSince1970: 1_735_689_600)  // 2025-01-01
        var inventory: [CardShowPro.InventoryCard] = []
        for index in 0..<cards {
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
        try context.save()
    }

    static func verifyShowSync(_ output: (phoneCards: Int, atShow: Int), _ cards: Int) throws {
        try checkEqual(output.phoneCards, cards, "W13 cardshow sync: cards on the phone")
        try checkEqual(output.atShow, cards, "W13 cardshow sync: cards at the show on the phone")
    }
}
