import Foundation
import OpenSwiftData

extension W6CardShow {
    static let openSwiftDataImplementation: Implementation? = openSwiftData

    /// Models inserted in one save, then one `FetchDescriptor` per query pattern, then
    /// the CSV export over a fresh fetch of every card.
    @Sendable static func openSwiftData(_ run: Iteration, _ fixture: Fixture) throws -> Output {
        let container = try OpenSwiftDataStore.container(SeedInventoryCard.self, SeedSalesHistory.self, SeedEvent.self,
                                                         for: run)
        let context = ModelContext(container)
        let range = fixture.valueRange, lower = range.lowerBound, upper = range.upperBound
        let searchText = fixture.searchText, startOfMonth = fixture.startOfMonth, threeMonthsAgo = fixture.threeMonthsAgo
        var models: (all: [SeedInventoryCard], range: [SeedInventoryCard], search: [SeedInventoryCard],
                     month: [SeedInventoryCard], top: [SeedInventoryCard], graded: [SeedInventoryCard], events: [SeedEvent])
            = ([], [], [], [], [], [], [])
        let (totalValue, csv) = try run.measure { () throws -> (Double, String) in
            var events: [UUID: SeedEvent] = [:]
            for event in fixture.events {
                let model = SeedEvent(event)
                events[event.id] = model
                context.insert(model)
            }
            var cards: [UUID: SeedInventoryCard] = [:]
            for card in fixture.cards {
                let model = SeedInventoryCard(card)
                cards[card.id] = model
                context.insert(model)
            }
            for sale in fixture.sales {
                context.insert(SeedSalesHistory(sale, card: sale.cardID.flatMap { cards[$0] }, event: sale.eventID.flatMap { events[$0] }))
            }
            try context.save()

            // 1. All inventory cards.
            let all = try context.fetch(FetchDescriptor<SeedInventoryCard>())
            // 2. Value range, most valuable first.
            let inRange = try context.fetch(FetchDescriptor<SeedInventoryCard>(
                predicate: #Predicate { $0.marketValue >= lower && $0.marketValue <= upper },
                sortBy: [SortDescriptor(\.marketValue, order: .reverse)]))
            // 3. Name search.
            let search = try context.fetch(FetchDescriptor<SeedInventoryCard>(
                predicate: #Predicate { $0.name.localizedStandardContains(searchText) }))
            // 4. Acquired this month, newest first.
            let month = try context.fetch(FetchDescriptor<SeedInventoryCard>(
                predicate: #Predicate { $0.acquiredDate >= startOfMonth },
                sortBy: [SortDescriptor(\.acquiredDate, order: .reverse)]))
            // 5. Top cards by value.
            var topDescriptor = FetchDescriptor<SeedInventoryCard>(sortBy: [SortDescriptor(\.marketValue, order: .reverse)])
            topDescriptor.fetchLimit = fixture.topCount
            let top = try context.fetch(topDescriptor)
            // 6. Total inventory value: the seed fetches every card and reduces.
            let total = try context.fetch(FetchDescriptor<SeedInventoryCard>()).reduce(0) { $0 + $1.marketValue }
            // 7. Graded cards.
            let graded = try context.fetch(FetchDescriptor<SeedInventoryCard>(predicate: #Predicate { $0.isGraded == true }))
            // 8. Events of the last three months, newest first.
            let recent = try context.fetch(FetchDescriptor<SeedEvent>(
                predicate: #Predicate { $0.date >= threeMonthsAgo },
                sortBy: [SortDescriptor(\.date, order: .reverse)]))

            // Export: the seed fetches all cards again.
            var csv = CardCSV.header
            for card in try context.fetch(FetchDescriptor<SeedInventoryCard>()) {
                CardCSV.appendLine(to: &csv, name: card.name, setName: card.setName, cardNumber: card.cardNumber,
                                   variant: card.variant, condition: card.condition.rawValue, purchaseCost: card.purchaseCost,
                                   marketValue: card.marketValue, acquiredDate: card.acquiredDate)
            }
            models = (all, inRange, search, month, top, graded, recent)
            return (total, csv)
        }
        let reader = ModelContext(container)
        return Output(
            allCards: models.all.map(\.value), valueRange: models.range.map(\.value), nameSearch: models.search.map(\.value),
            thisMonth: models.month.map(\.value), topCards: models.top.map(\.value), totalValue: totalValue,
            graded: models.graded.map(\.value), recentEvents: models.events.map(\.value), csv: csv,
            storedSales: try reader.fetch(FetchDescriptor<SeedSalesHistory>()).map(\.value),
            storedEventCount: try reader.fetchCount(FetchDescriptor<SeedEvent>()))
    }
}
