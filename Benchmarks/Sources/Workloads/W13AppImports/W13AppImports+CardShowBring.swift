import CardShowPro
import Foundation
import OpenSwiftData

// CardShow Pro's `event bring` of a tenth of a store's cards by their IDs, as the tool
// finds and brings them (`ModelLookup.cards`, `EventService.bring`):
// 3,000 of 30,000, and 300 of 3,000. Each ID once read every card of the store again, a time
// growing with the IDs times the cards (3,000 of 5,000: 20 s, debug build); read once, the
// time per card brought is the same at both sizes.
extension W13AppImports {
    static let bringStoreSizes = [Scale.rows(30_000), Scale.rows(3_000)]

    static var cardShowBringCases: [BenchmarkCase] {
        bringStoreSizes.map { cards in
            BenchmarkCase.make(
                "W13 cardshow bring \(Scale.name(cards / 10)) of \(Scale.name(cards)) by ID", .openSwiftData,
                freshStorePerIteration: true, iterations: Scale.iterations(3), fixture: { cards },
                implementation: bringByID, verify: verifyBrought)
        }
    }

    static func bringByID(_ iteration: Iteration, _ cards: Int) throws -> (asked: Int, atShow: Int) {
        let container = try CardShowStore.container(at: iteration.storeURL)
        let context = ModelContext(container)
        let start = Date(timeIntervalSince1970: 1_735_689_600)  // 2025-01-01
        for index in 0..<cards {
            context.insert(CardShowPro.InventoryCard(
                name: "Card \(index)", setName: "Set \(index % 97)", cardNumber: "\(index % 400)/400", variant: "Normal",
                condition: .nearMint, marketValue: 2, purchaseCost: 1, acquiredDate: start))
        }
        let show = CardShowPro.Event(name: "Spring Show", date: start, location: "Hall A")
        context.insert(show)
        try context.save()
        // Every tenth card, by its whole ID (8 characters, as the tool shows them, may begin
        // two IDs of 30,000, which the tool refuses as ambiguous).
        let ids = try context.fetch(FetchDescriptor<CardShowPro.InventoryCard>()).enumerated()
            .filter { $0.offset % 10 == 0 }.map(\.element.id.uuidString)

        let bringing = ModelContext(container)
        try iteration.measure {
            let found = try ModelLookup(context: bringing).cards(ids)
            let events = try bringing.fetch(FetchDescriptor<CardShowPro.Event>())
            guard let event = events.first else { throw WorkloadError("W13 cardshow bring: the show is not in the store") }
            try EventService(context: bringing).bring(found, to: event)
        }
        let atShow = try ModelContext(container).fetch(FetchDescriptor<CardShowPro.Event>()).first?.inventory?.count ?? 0
        return (ids.count, atShow)
    }

    static func verifyBrought(_ output: (asked: Int, atShow: Int), _ cards: Int) throws {
        try checkEqual(output.asked, cards / 10, "W13 cardshow bring: IDs given")
        try checkEqual(output.atShow, cards / 10, "W13 cardshow bring: cards at the show")
    }
}
