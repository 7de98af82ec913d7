import Foundation
import OpenSwiftData
import Testing

// Seed 000's eight query patterns. `@Query` is SwiftUI's; its filter, sort and order
// become a FetchDescriptor here. The search uses `localizedStandardContains`
// unchanged.
@Suite struct CardShowQueryTests {
    let container: ModelContainer
    let context: ModelContext
    let now = Date(timeIntervalSinceReferenceDate: 790_000_000)
    var cards: [CardShow.InventoryCard] = []

    init() throws {
        container = try ModelContainer(for: CardShow.InventoryCard.self, CardShow.Event.self,
                                       configurations: ModelConfiguration(isStoredInMemoryOnly: true))
        let setup = ModelContext(container)
        let names = ["Charizard", "Pikachu", "Blastoise", "Venusaur", "Mewtwo", "Gengar", "Éevee", "Snorlax", "Dragonite", "Mew"]
        for index in 0..<200 {
            let card = CardShow.InventoryCard(name: "\(names[index % names.count]) \(index)", setName: "Base",
                                              cardNumber: "\(index)", marketValue: Double((index * 37) % 700))
            card.acquiredDate = now.addingTimeInterval(-Double(index) * 86_400)
            card.isGraded = index % 7 == 0
            setup.insert(card)
            cards.append(card)
        }
        for index in 0..<12 {
            setup.insert(CardShow.Event(name: "Show \(index)", date: now.addingTimeInterval(-Double(index) * 15 * 86_400), location: "Phoenix"))
        }
        try setup.save()
        context = ModelContext(container)
    }

    @Test func allInventoryCards() throws {
        #expect(try context.fetch(FetchDescriptor<CardShow.InventoryCard>()).count == 200)
    }

    @Test func valueRangeSortedByValueDescending() throws {
        let descriptor = FetchDescriptor<CardShow.InventoryCard>(
            predicate: #Predicate<CardShow.InventoryCard> { card in
                card.marketValue >= 100 && card.marketValue <= 500
            },
            sortBy: [SortDescriptor(\CardShow.InventoryCard.marketValue, order: .reverse)])
        #expect(try context.explain(descriptor).runsEntirelyInSQL)
        let fetched = try context.fetch(descriptor).map(\.marketValue)
        let expected = cards.map(\.marketValue).filter { $0 >= 100 && $0 <= 500 }.sorted(by: >)
        #expect(fetched == expected)
    }

    @Test func aSearchForASCIITextAsksSwiftOnlyAboutNamesBeyondASCII() throws {
        let searchText = "eevee"
        let descriptor = FetchDescriptor<CardShow.InventoryCard>(
            predicate: #Predicate<CardShow.InventoryCard> { card in
                card.name.localizedStandardContains(searchText)
            })
        let sql = try context.explain(descriptor).sql
        #expect(sql.contains("CASE WHEN") && sql.contains("instr(lower("), "\(sql)")
    }

    @Test func searchByNameIgnoresCaseAndDiacritics() throws {
        let searchText = "eevee"
        let descriptor = FetchDescriptor<CardShow.InventoryCard>(
            predicate: #Predicate<CardShow.InventoryCard> { card in
                card.name.localizedStandardContains(searchText)
            })
        #expect(try context.explain(descriptor).runsEntirelyInSQL)
        let fetched = try context.fetch(descriptor)
        #expect(fetched.count == 20)
        #expect(fetched.allSatisfy { $0.name.hasPrefix("Éevee") })
    }

    @Test func acquiredThisMonth() throws {
        let calendar = Calendar.current
        let startOfMonth = calendar.dateInterval(of: .month, for: now)!.start
        let descriptor = FetchDescriptor<CardShow.InventoryCard>(
            predicate: #Predicate<CardShow.InventoryCard> { card in
                card.acquiredDate >= startOfMonth
            },
            sortBy: [SortDescriptor(\CardShow.InventoryCard.acquiredDate, order: .reverse)])
        let fetched = try context.fetch(descriptor).map(\.acquiredDate)
        #expect(fetched == cards.map(\.acquiredDate).filter { $0 >= startOfMonth }.sorted(by: >))
        #expect(!fetched.isEmpty)
    }

    @Test func topTenMostValuable() throws {
        var descriptor = FetchDescriptor<CardShow.InventoryCard>(
            sortBy: [SortDescriptor(\.marketValue, order: .reverse)])
        descriptor.fetchLimit = 10
        let topCards = try context.fetch(descriptor)
        #expect(topCards.map(\.marketValue) == Array(cards.map(\.marketValue).sorted(by: >).prefix(10)))
    }

    @Test func totalInventoryValue() throws {
        let descriptor = FetchDescriptor<CardShow.InventoryCard>()
        let allCards = try context.fetch(descriptor)
        let totalValue = allCards.reduce(0) { $0 + $1.marketValue }
        #expect(totalValue == cards.reduce(0) { $0 + $1.marketValue })
        #expect(try context.sum(of: \CardShow.InventoryCard.marketValue) == totalValue)
    }

    @Test func gradedCardsOnly() throws {
        let descriptor = FetchDescriptor<CardShow.InventoryCard>(predicate: #Predicate<CardShow.InventoryCard> { $0.isGraded == true })
        #expect(try context.explain(descriptor).runsEntirelyInSQL)
        #expect(try context.fetch(descriptor).count == cards.filter(\.isGraded).count)
    }

    @Test func eventsFromLastThreeMonths() throws {
        let threeMonthsAgo = Calendar.current.date(byAdding: .month, value: -3, to: now)!
        let descriptor = FetchDescriptor<CardShow.Event>(
            predicate: #Predicate<CardShow.Event> { event in
                event.date >= threeMonthsAgo
            },
            sortBy: [SortDescriptor(\CardShow.Event.date, order: .reverse)])
        let fetched = try context.fetch(descriptor)
        #expect(!fetched.isEmpty && fetched.count < 12)
        #expect(fetched.allSatisfy { $0.date >= threeMonthsAgo })
        #expect(fetched.map(\.date) == fetched.map(\.date).sorted(by: >))
    }
}
