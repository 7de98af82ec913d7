import FluentSQLiteDriver
import Foundation

extension W6CardShow {
    /// The fetched models of one run, handed out of Fluent's async context.
    private struct FluentResults: Sendable {
        var all: [FluentInventoryCard], range: [FluentInventoryCard], search: [FluentInventoryCard]
        var month: [FluentInventoryCard], top: [FluentInventoryCard], graded: [FluentInventoryCard]
        var events: [FluentEvent]
        var totalValue: Double
        var csv: String
    }

    /// `create(on:)` per model in one transaction, then one query-builder query per
    /// pattern (`~~` is Fluent's contains, a LIKE), then the export over a fresh
    /// `all()`.
    @Sendable static func fluent(_ run: Iteration, _ fixture: Fixture) throws -> Output {
        let store = try FluentStore(run)
        try store.migrate([CreateFluentCardShow()])
        let range = fixture.valueRange, searchText = fixture.searchText, topCount = fixture.topCount
        let postgres = run.postgres != nil
        let startOfMonth = fixture.startOfMonth, threeMonthsAgo = fixture.threeMonthsAgo
        let results = try run.measure {
            try store.run { database in
                try await database.transaction { transaction in
                    for event in fixture.events { try await FluentEvent(event).create(on: transaction) }
                    for card in fixture.cards { try await FluentInventoryCard(card).create(on: transaction) }
                    for sale in fixture.sales { try await FluentSalesHistory(sale).create(on: transaction) }
                }

                // 1. All inventory cards.
                let all = try await FluentInventoryCard.query(on: database).all()
                // 2. Value range, most valuable first.
                let inRange = try await FluentInventoryCard.query(on: database)
                    .filter(\.$marketValue >= range.lowerBound)
                    .filter(\.$marketValue <= range.upperBound)
                    .sort(\.$marketValue, .descending)
                    .all()
                // 3. Name search.
                // `~~` is LIKE, case-insensitive for ASCII on SQLite but not on PostgreSQL,
                // where a Fluent user asks for ILIKE by name.
                let search = postgres
                    ? try await FluentInventoryCard.query(on: database).filter(\.$name, .custom("ILIKE"), "%\(likeEscaped(searchText))%").all()
                    : try await FluentInventoryCard.query(on: database).filter(\.$name ~~ searchText).all()
                // 4. Acquired this month, newest first.
                let month = try await FluentInventoryCard.query(on: database)
                    .filter(\.$acquiredDate >= startOfMonth)
                    .sort(\.$acquiredDate, .descending)
                    .all()
                // 5. Top cards by value.
                let top = try await FluentInventoryCard.query(on: database).sort(\.$marketValue, .descending).limit(topCount).all()
                // 6. Total inventory value: the seed fetches every card and reduces.
                let total = try await FluentInventoryCard.query(on: database).all().reduce(0) { $0 + $1.marketValue }
                // 7. Graded cards.
                let graded = try await FluentInventoryCard.query(on: database).filter(\.$isGraded == true).all()
                // 8. Events of the last three months, newest first.
                let recent = try await FluentEvent.query(on: database)
                    .filter(\.$date >= threeMonthsAgo)
                    .sort(\.$date, .descending)
                    .all()

                // Export: the seed fetches all cards again.
                var csv = CardCSV.header
                for card in try await FluentInventoryCard.query(on: database).all() {
                    CardCSV.appendLine(to: &csv, name: card.name, setName: card.setName, cardNumber: card.cardNumber,
                                       variant: card.variant, condition: card.condition.rawValue, purchaseCost: card.purchaseCost,
                                       marketValue: card.marketValue, acquiredDate: card.acquiredDate)
                }
                return FluentResults(all: all, range: inRange, search: search, month: month, top: top, graded: graded,
                                     events: recent, totalValue: total, csv: csv)
            }
        }
        let (storedSales, storedEventCount) = try store.run { database in
            (try await FluentSalesHistory.query(on: database).all(), try await FluentEvent.query(on: database).count())
        }
        return Output(
            allCards: try results.all.map { try $0.value }, valueRange: try results.range.map { try $0.value },
            nameSearch: try results.search.map { try $0.value }, thisMonth: try results.month.map { try $0.value },
            topCards: try results.top.map { try $0.value }, totalValue: results.totalValue,
            graded: try results.graded.map { try $0.value }, recentEvents: try results.events.map { try $0.value },
            csv: results.csv, storedSales: try storedSales.map { try $0.value }, storedEventCount: storedEventCount)
    }
}
