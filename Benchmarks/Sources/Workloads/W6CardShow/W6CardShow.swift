import Foundation

/// W6: seed 000's "10,000+ cards". In one measured region: insert 10,000 cards with
/// their sales (and the events those sales happened at) in one save, run the seed's
/// eight query patterns, and export the inventory as CSV.
///
/// Not measured: creating the store and its tables (fresh every iteration), reading
/// back the sales for the check.
public enum W6CardShow {
    public static let label = "W6 card show \(Scale.name(CardShowFixture.cardCount))"

    public struct Fixture: Sendable {
        public let events: [Event]
        public let cards: [InventoryCard]
        public let sales: [SalesHistory]

        // Parameters of the query patterns, fixed so the answers are reproducible.
        /// 2. `marketValue >= 100 && marketValue <= 500`, sorted by value descending.
        public let valueRange: ClosedRange<Double> = 100...500
        /// 3. `name.localizedStandardContains(searchText)`.
        public let searchText = "char"
        /// 4. `acquiredDate >= startOfMonth`, sorted by date descending.
        public let startOfMonth: Date
        /// 5. top N by value.
        public let topCount = 10
        /// 8. `Event.date >= threeMonthsAgo`, sorted by date descending.
        public let threeMonthsAgo: Date

        let expected: Expected
    }

    /// Everything the measured region produced, plus the read-back after it.
    public struct Output: Sendable {
        /// 1. All inventory cards.
        public var allCards: [InventoryCard]
        /// 2. Cards valued 100...500, in fetch order.
        public var valueRange: [InventoryCard]
        /// 3. Cards whose name contains the search text.
        public var nameSearch: [InventoryCard]
        /// 4. Cards acquired this month, in fetch order.
        public var thisMonth: [InventoryCard]
        /// 5. The ten most valuable cards, in fetch order.
        public var topCards: [InventoryCard]
        /// 6. The sum of all cards' market values (the seed fetches all and reduces).
        public var totalValue: Double
        /// 7. Graded cards.
        public var graded: [InventoryCard]
        /// 8. Events of the last three months, in fetch order.
        public var recentEvents: [Event]
        /// The CSV export.
        public var csv: String
        /// Read back after the measured region: every stored sale with its links.
        public var storedSales: [SalesHistory]
        /// Read back after the measured region.
        public var storedEventCount: Int

        public init(
            allCards: [InventoryCard], valueRange: [InventoryCard], nameSearch: [InventoryCard],
            thisMonth: [InventoryCard], topCards: [InventoryCard], totalValue: Double, graded: [InventoryCard],
            recentEvents: [Event], csv: String, storedSales: [SalesHistory] = [], storedEventCount: Int = 0
        ) {
            self.allCards = allCards
            self.valueRange = valueRange
            self.nameSearch = nameSearch
            self.thisMonth = thisMonth
            self.topCards = topCards
            self.totalValue = totalValue
            self.graded = graded
            self.recentEvents = recentEvents
            self.csv = csv
            self.storedSales = storedSales
            self.storedEventCount = storedEventCount
        }
    }

    public typealias Implementation = @Sendable (Iteration, Fixture) throws -> Output

    /// The answers, computed from the fixture in Swift: an oracle independent of SQL.
    struct Expected: Sendable {
        var allCards: Digest
        var valueRange: Digest, valueRangeOrder: [Double]
        var nameSearch: Digest
        var thisMonth: Digest, thisMonthOrder: [Double]
        var topValues: [Double]
        var totalValue: Double
        var graded: Digest
        var recentEvents: Digest, recentEventsOrder: [Double]
        var csvLines: [Substring]
        var sales: Digest
        var cardHashes: Set<UInt64>
    }

    static func makeFixture() -> Fixture {
        let (events, cards, sales) = CardShowFixture.make()
        var utc = Calendar(identifier: .gregorian)
        utc.timeZone = TimeZone(identifier: "UTC")!
        let now = CardShowFixture.now
        let startOfMonth = utc.dateInterval(of: .month, for: now)!.start
        let threeMonthsAgo = utc.date(byAdding: .month, value: -3, to: now)!

        let valueRange: ClosedRange<Double> = 100...500
        let inRange = cards.filter { valueRange.contains($0.marketValue) }
        let search = cards.filter { $0.name.localizedStandardContains("char") }
        let recentCards = cards.filter { $0.acquiredDate >= startOfMonth }
        let recentEvents = events.filter { $0.date >= threeMonthsAgo }
        let csv = CardCSV.export(cards)
        // The export's hand-rolled date formatter must print what the seed's does.
        let foundation = ISO8601DateFormatter()
        for card in cards.prefix(200) {
            precondition(ISO8601UTC.string(from: card.acquiredDate) == foundation.string(from: card.acquiredDate),
                         "ISO8601UTC disagrees with ISO8601DateFormatter for \(card.acquiredDate)")
        }
        let expected = Expected(
            allCards: cards.digest,
            valueRange: inRange.digest, valueRangeOrder: inRange.map(\.marketValue).sorted(by: >),
            nameSearch: search.digest,
            thisMonth: recentCards.digest, thisMonthOrder: recentCards.map(\.acquiredDate.timeIntervalSince1970).sorted(by: >),
            topValues: Array(cards.map(\.marketValue).sorted(by: >).prefix(10)),
            totalValue: cards.reduce(0) { $0 + $1.marketValue },
            graded: cards.filter(\.isGraded).digest,
            recentEvents: recentEvents.digest, recentEventsOrder: recentEvents.map(\.date.timeIntervalSince1970).sorted(by: >),
            csvLines: csv.split(separator: "\n").dropFirst().sorted(),
            sales: sales.digest,
            cardHashes: Set(cards.map(\.rowHash.value))
        )
        return Fixture(events: events, cards: cards, sales: sales,
                       startOfMonth: startOfMonth, threeMonthsAgo: threeMonthsAgo, expected: expected)
    }

    static func verify(_ output: Output, _ fixture: Fixture) throws {
        let e = fixture.expected
        try checkEqual(output.allCards.digest, e.allCards, "\(label) query 1 (all cards)")
        try checkEqual(output.valueRange.digest, e.valueRange, "\(label) query 2 (value range)")
        try check(output.valueRange.map(\.marketValue) == e.valueRangeOrder, "\(label) query 2: not sorted by value descending")
        try checkEqual(output.nameSearch.digest, e.nameSearch, "\(label) query 3 (name search)")
        try checkEqual(output.thisMonth.digest, e.thisMonth, "\(label) query 4 (this month)")
        try check(output.thisMonth.map(\.acquiredDate.timeIntervalSince1970) == e.thisMonthOrder,
                  "\(label) query 4: not sorted by acquiredDate descending")
        try checkEqual(output.topCards.map(\.marketValue), e.topValues, "\(label) query 5 (top 10 values)")
        try check(output.topCards.allSatisfy { e.cardHashes.contains($0.rowHash.value) }, "\(label) query 5: a card differs from the stored ones")
        try check(abs(output.totalValue - e.totalValue) <= 1e-9 * e.totalValue,
                  "\(label) query 6 (total value): got \(output.totalValue), expected \(e.totalValue)")
        try checkEqual(output.graded.digest, e.graded, "\(label) query 7 (graded)")
        try checkEqual(output.recentEvents.digest, e.recentEvents, "\(label) query 8 (recent events)")
        try check(output.recentEvents.map(\.date.timeIntervalSince1970) == e.recentEventsOrder,
                  "\(label) query 8: not sorted by date descending")
        try check(output.csv.hasPrefix(CardCSV.header), "\(label) CSV: wrong header")
        try check(output.csv.split(separator: "\n").dropFirst().sorted() == e.csvLines, "\(label) CSV: lines differ from the fixture's")
        try checkEqual(output.storedSales.digest, e.sales, "\(label) stored sales")
        try checkEqual(output.storedEventCount, fixture.events.count, "\(label) stored events")
    }

    public static var cases: [BenchmarkCase] {
        implementations(raw: raw, grdb: grdb, openSwiftData: openSwiftDataImplementation, fluent: fluent).map { engine, body in
            .make(label, engine, freshStorePerIteration: true, iterations: Scale.iterations(5),
                  fixture: makeFixture, implementation: body, verify: verify)
        }
    }

    /// The same workload on PostgreSQL (`OSD_POSTGRES_URL`): PostgresNIO, OpenSwiftData, Fluent.
    public static var postgresCases: [BenchmarkCase] {
        postgresImplementations(postgresNIO: postgresNIO, openSwiftData: openSwiftData, fluent: fluent).map { engine, body in
            .make("PG \(label)", engine, freshStorePerIteration: true, iterations: Scale.iterations(5),
                  fixture: makeFixture, implementation: body, verify: verify, postgres: true)
        }
    }
}

extension Event {
    public var rowHash: RowHasher {
        var h = RowHasher()
        h.combine(id); h.combine(name); h.combine(date.timeIntervalSince1970); h.combine(location)
        h.combine(tableNumber) { $0.combine($1) }; h.combine(notes) { $0.combine($1) }; h.combine(isActive)
        h.combine(startTime) { $0.combine($1.timeIntervalSince1970) }
        h.combine(endTime) { $0.combine($1.timeIntervalSince1970) }
        h.combine(totalRevenue); h.combine(totalProfit); h.combine(cardsCount); h.combine(cardsSold)
        return h
    }
}

extension SalesHistory {
    public var rowHash: RowHasher {
        var h = RowHasher()
        h.combine(id); h.combine(date.timeIntervalSince1970); h.combine(salePrice); h.combine(platformFees)
        h.combine(shippingCost); h.combine(netProfit); h.combine(platform)
        h.combine(buyerName) { $0.combine($1) }; h.combine(notes) { $0.combine($1) }
        h.combine(cardID) { $0.combine($1) }; h.combine(eventID) { $0.combine($1) }
        return h
    }
}

extension Sequence where Element == InventoryCard {
    public var digest: Digest { reduce(into: Digest()) { $0.add($1.rowHash) } }
}

extension Sequence where Element == Event {
    public var digest: Digest { reduce(into: Digest()) { $0.add($1.rowHash) } }
}

extension Sequence where Element == SalesHistory {
    public var digest: Digest { reduce(into: Digest()) { $0.add($1.rowHash) } }
}
