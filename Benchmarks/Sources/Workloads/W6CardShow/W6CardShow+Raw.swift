extension W6CardShow {
    /// Prepared INSERTs in one transaction, then one prepared SELECT per query pattern
    /// (LIKE for `localizedStandardContains`, equivalent on the fixture's ASCII names),
    /// then a fetch of all cards for the export.
    @Sendable static func raw(_ run: Iteration, _ fixture: Fixture) throws -> Output {
        let db = try RawDatabase(run.storeURL)
        try CardShowSQL.createSchema(db)
        let select = "SELECT \(CardShowSQL.cardColumns) FROM InventoryCard"
        var output = try run.measure { () throws -> Output in
            try db.transaction {
                try CardShowSQL.insertEvents(fixture.events, into: db)
                try CardShowSQL.insertCards(fixture.cards, into: db)
                try CardShowSQL.insertSales(fixture.sales, into: db)
            }

            // 1. All inventory cards.
            let allCards = try CardShowSQL.fetchCards(db.prepare(select))

            // 2. Value range, most valuable first.
            let q2 = try db.prepare("\(select) WHERE marketValue >= ? AND marketValue <= ? ORDER BY marketValue DESC")
            q2.bind(1, fixture.valueRange.lowerBound)
            q2.bind(2, fixture.valueRange.upperBound)
            let valueRange = try CardShowSQL.fetchCards(q2)

            // 3. Name search.
            let q3 = try db.prepare("\(select) WHERE name LIKE ? ESCAPE '\\'")
            q3.bind(1, "%" + likeEscaped(fixture.searchText) + "%")
            let nameSearch = try CardShowSQL.fetchCards(q3)

            // 4. Acquired this month, newest first.
            let q4 = try db.prepare("\(select) WHERE acquiredDate >= ? ORDER BY acquiredDate DESC")
            q4.bind(1, fixture.startOfMonth.timeIntervalSince1970)
            let thisMonth = try CardShowSQL.fetchCards(q4)

            // 5. Top 10 by value.
            let q5 = try db.prepare("\(select) ORDER BY marketValue DESC LIMIT ?")
            q5.bind(1, fixture.topCount)
            let topCards = try CardShowSQL.fetchCards(q5)

            // 6. Total inventory value: the seed fetches every card and reduces.
            let totalValue = try CardShowSQL.fetchCards(db.prepare(select)).reduce(0) { $0 + $1.marketValue }

            // 7. Graded cards.
            let graded = try CardShowSQL.fetchCards(db.prepare("\(select) WHERE isGraded = 1"))

            // 8. Events of the last three months, newest first.
            let q8 = try db.prepare("SELECT \(CardShowSQL.eventColumns) FROM Event WHERE date >= ? ORDER BY date DESC")
            q8.bind(1, fixture.threeMonthsAgo.timeIntervalSince1970)
            let recentEvents = try CardShowSQL.fetchEvents(q8)

            // Export: the seed fetches all cards again.
            let csv = CardCSV.export(try CardShowSQL.fetchCards(db.prepare(select)))

            return Output(allCards: allCards, valueRange: valueRange, nameSearch: nameSearch, thisMonth: thisMonth,
                          topCards: topCards, totalValue: totalValue, graded: graded, recentEvents: recentEvents, csv: csv)
        }
        (output.storedSales, output.storedEventCount) = try CardShowSQL.readBack(run.storeURL)
        return output
    }

    /// Escapes LIKE's wildcards so the search text matches literally.
    static func likeEscaped(_ text: String) -> String {
        var escaped = ""
        for character in text {
            if character == "%" || character == "_" || character == "\\" { escaped.append("\\") }
            escaped.append(character)
        }
        return escaped
    }
}
