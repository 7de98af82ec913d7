import Foundation
import PostgresNIO

extension W6CardShow {
    /// Multi-row INSERTs in one transaction, then one SELECT per query pattern (`ILIKE`
    /// for `localizedStandardContains`, equivalent on the fixture's ASCII names), then a
    /// fetch of all cards for the export.
    @Sendable static func postgresNIO(_ run: Iteration, _ fixture: Fixture) throws -> Output {
        let db = try RawPostgres(run)
        try db.execute(CardShowPostgres.schema)
        let logger = RawPostgres.logger
        var output = try run.measure { () throws -> Output in
            try db.run { connection in
                try await connection.transaction { try await CardShowPostgres.insert(fixture, on: connection) }
                let select = "SELECT \(CardShowPostgres.cardColumns) FROM inventorycard"

                // 1. All inventory cards.
                let allCards = try await CardShowPostgres.cards(connection.query(PostgresQuery(unsafeSQL: select), logger: logger))

                // 2. Value range, most valuable first.
                let (lower, upper) = (fixture.valueRange.lowerBound, fixture.valueRange.upperBound)
                let valueRange = try await CardShowPostgres.cards(connection.query(
                    "\(unescaped: select) WHERE marketvalue >= \(lower) AND marketvalue <= \(upper) ORDER BY marketvalue DESC", logger: logger))

                // 3. Name search.
                let pattern = "%" + likeEscaped(fixture.searchText) + "%"
                let nameSearch = try await CardShowPostgres.cards(connection.query(
                    "\(unescaped: select) WHERE name ILIKE \(pattern)", logger: logger))

                // 4. Acquired this month, newest first.
                let startOfMonth = fixture.startOfMonth.timeIntervalSince1970
                let thisMonth = try await CardShowPostgres.cards(connection.query(
                    "\(unescaped: select) WHERE acquireddate >= \(startOfMonth) ORDER BY acquireddate DESC", logger: logger))

                // 5. Top 10 by value.
                let topCards = try await CardShowPostgres.cards(connection.query(
                    "\(unescaped: select) ORDER BY marketvalue DESC LIMIT \(fixture.topCount)", logger: logger))

                // 6. Total inventory value: the seed fetches every card and reduces.
                let totalValue = try await CardShowPostgres.cards(connection.query(PostgresQuery(unsafeSQL: select), logger: logger))
                    .reduce(0) { $0 + $1.marketValue }

                // 7. Graded cards.
                let graded = try await CardShowPostgres.cards(connection.query(
                    PostgresQuery(unsafeSQL: "\(select) WHERE isgraded"), logger: logger))

                // 8. Events of the last three months, newest first.
                let threeMonthsAgo = fixture.threeMonthsAgo.timeIntervalSince1970
                let recentEvents = try await CardShowPostgres.events(connection.query(
                    "SELECT \(unescaped: CardShowPostgres.eventColumns) FROM event WHERE date >= \(threeMonthsAgo) ORDER BY date DESC",
                    logger: logger))

                // Export: the seed fetches all cards again.
                let csv = CardCSV.export(try await CardShowPostgres.cards(connection.query(PostgresQuery(unsafeSQL: select), logger: logger)))

                return Output(allCards: allCards, valueRange: valueRange, nameSearch: nameSearch, thisMonth: thisMonth,
                              topCards: topCards, totalValue: totalValue, graded: graded, recentEvents: recentEvents, csv: csv)
            }
        }
        (output.storedSales, output.storedEventCount) = try db.run { connection in
            let sales = try await CardShowPostgres.sales(connection.query(
                "SELECT \(unescaped: CardShowPostgres.salesColumns) FROM saleshistory", logger: logger))
            var count = 0
            for try await value in try await connection.query("SELECT count(*) FROM event", logger: logger).decode(Int.self) { count = value }
            return (sales, count)
        }
        return output
    }
}
