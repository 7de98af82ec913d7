import Foundation
import OpenSwiftData

/// The seed's query patterns 1-7, on cards, as typed calls (pattern 8 is in
/// `EventQueries`). Each has a descriptor builder, for callers that fetch themselves
/// (the benchmark), and a method that runs it.
public struct InventoryQueries {
    public let context: ModelContext

    public init(context: ModelContext) {
        self.context = context
    }

    // MARK: 1. All inventory cards

    public static func allCardsDescriptor() -> FetchDescriptor<InventoryCard> {
        FetchDescriptor<InventoryCard>()
    }

    public func allCards() throws -> [InventoryCard] {
        try context.fetch(Self.allCardsDescriptor())
    }

    // MARK: 2. Value range, most valuable first

    public static func valueRangeDescriptor(_ range: ClosedRange<Double>) -> FetchDescriptor<InventoryCard> {
        let low = range.lowerBound, high = range.upperBound
        return FetchDescriptor<InventoryCard>(
            predicate: #Predicate { card in card.marketValue >= low && card.marketValue <= high },
            sortBy: [SortDescriptor(\.marketValue, order: .reverse)])
    }

    /// Cards valued within `range` (the seed's example is 100...500), most valuable first.
    public func cards(valuedIn range: ClosedRange<Double>) throws -> [InventoryCard] {
        try context.fetch(Self.valueRangeDescriptor(range))
    }

    // MARK: 3. Search by name

    public static func nameSearchDescriptor(_ text: String) -> FetchDescriptor<InventoryCard> {
        FetchDescriptor<InventoryCard>(predicate: #Predicate { $0.name.localizedStandardContains(text) },
                                       sortBy: [SortDescriptor(\.name)])
    }

    /// Cards whose name contains `text`, ignoring case and accents ("pokemon" finds
    /// "Pokémon"), by name.
    public func search(name text: String) throws -> [InventoryCard] {
        try context.fetch(Self.nameSearchDescriptor(text))
    }

    // MARK: 4. Acquired this month

    public static func acquiredThisMonthDescriptor(now: Date = Date(), calendar: Calendar = .current)
        -> FetchDescriptor<InventoryCard> {
        let startOfMonth = calendar.dateInterval(of: .month, for: now)!.start
        return FetchDescriptor<InventoryCard>(
            predicate: #Predicate { card in card.acquiredDate >= startOfMonth },
            sortBy: [SortDescriptor(\.acquiredDate, order: .reverse)])
    }

    /// Cards acquired since the start of the month of `now`, newest first.
    public func acquiredThisMonth(now: Date = Date(), calendar: Calendar = .current) throws -> [InventoryCard] {
        try context.fetch(Self.acquiredThisMonthDescriptor(now: now, calendar: calendar))
    }

    // MARK: 5. Top cards

    public static func topCardsDescriptor(limit: Int = 10) -> FetchDescriptor<InventoryCard> {
        var descriptor = FetchDescriptor<InventoryCard>(sortBy: [SortDescriptor(\.marketValue, order: .reverse)])
        descriptor.fetchLimit = limit
        return descriptor
    }

    /// The `limit` most valuable cards (the seed's "top 10", which sorts by market value).
    public func topCards(limit: Int = 10) throws -> [InventoryCard] {
        try context.fetch(Self.topCardsDescriptor(limit: limit))
    }

    /// The `limit` cards with the highest profit (market value less cost). Profit is
    /// computed, not stored, so this sorts in memory; cards without a cost have none.
    public func mostProfitableCards(limit: Int = 10) throws -> [InventoryCard] {
        Array(try allCards().filter { $0.purchaseCost != nil }.sorted { $0.profit > $1.profit }.prefix(limit))
    }

    // MARK: 6. Total inventory value

    /// The market value of every card, as the seed computes it.
    public func totalInventoryValue() throws -> Double {
        try allCards().reduce(0) { $0 + $1.marketValue }
    }

    // MARK: 7. Graded cards

    public static func gradedCardsDescriptor() -> FetchDescriptor<InventoryCard> {
        FetchDescriptor<InventoryCard>(predicate: #Predicate { $0.isGraded == true })
    }

    public func gradedCards() throws -> [InventoryCard] {
        try context.fetch(Self.gradedCardsDescriptor())
    }

    // MARK: Filters

    /// Cards passing `filter`, sorted by `sortBy` (by default most valuable first):
    /// at most `limit` of them after skipping the first `offset`, both done by the
    /// store, so a page of a large inventory reads only that page.
    public func cards(matching filter: CardFilter,
                      sortBy: [SortDescriptor<InventoryCard>] = [SortDescriptor(\.marketValue, order: .reverse)],
                      limit: Int? = nil, offset: Int = 0) throws -> [InventoryCard] {
        var descriptor = FetchDescriptor<InventoryCard>(predicate: filter.predicate, sortBy: sortBy)
        descriptor.fetchLimit = limit
        if offset > 0 { descriptor.fetchOffset = offset }
        return try context.fetch(descriptor)
    }

    /// How many cards pass `filter`, counted by the store.
    public func count(matching filter: CardFilter) throws -> Int {
        try context.fetchCount(FetchDescriptor<InventoryCard>(predicate: filter.predicate))
    }
}
