import Foundation
import GRDB

// Hand-written records for seed 000's models. Dates are encoded explicitly as seconds
// since 1970 (GRDB's default Date encoding is text), tags through the shared JSON
// codec, the enum as its raw string.

extension InventoryCard: FetchableRecord, PersistableRecord {
    public static let databaseTableName = "InventoryCard"

    public static var databaseSelection: [any SQLSelectable] {
        CardShowSQL.cardColumns.split(separator: ",").map { Column(String($0.trimmingCharacters(in: .whitespacesAndNewlines))) }
    }

    public init(row: Row) throws {
        let conditionRaw: String = row[5]
        guard let condition = CardCondition(rawValue: conditionRaw) else { throw WorkloadError("unknown condition \(conditionRaw)") }
        let tagsJSON: String = row[14]
        guard let tags = TagsJSON.decode(tagsJSON) else { throw WorkloadError("bad tags \(tagsJSON)") }
        self.init(
            id: row[0], name: row[1], setName: row[2], cardNumber: row[3], variant: row[4], condition: condition,
            purchaseCost: row[6], marketValue: row[7],
            lastPriceUpdate: Date(timeIntervalSince1970: row[8]), acquiredDate: Date(timeIntervalSince1970: row[9]),
            acquiredFrom: row[10], imageURL: row[11], localImagePath: row[12], notes: row[13], tags: tags,
            isGraded: row[15], gradingCompany: row[16], grade: row[17], certNumber: row[18]
        )
    }

    public func encode(to container: inout PersistenceContainer) {
        container["id"] = id
        container["name"] = name
        container["setName"] = setName
        container["cardNumber"] = cardNumber
        container["variant"] = variant
        container["condition"] = condition.rawValue
        container["purchaseCost"] = purchaseCost
        container["marketValue"] = marketValue
        container["lastPriceUpdate"] = lastPriceUpdate.timeIntervalSince1970
        container["acquiredDate"] = acquiredDate.timeIntervalSince1970
        container["acquiredFrom"] = acquiredFrom
        container["imageURL"] = imageURL
        container["localImagePath"] = localImagePath
        container["notes"] = notes
        container["tags"] = TagsJSON.encode(tags)
        container["isGraded"] = isGraded
        container["gradingCompany"] = gradingCompany
        container["grade"] = grade
        container["certNumber"] = certNumber
    }
}

extension Event: FetchableRecord, PersistableRecord {
    public static let databaseTableName = "Event"

    public static var databaseSelection: [any SQLSelectable] {
        CardShowSQL.eventColumns.split(separator: ",").map { Column(String($0.trimmingCharacters(in: .whitespacesAndNewlines))) }
    }

    public init(row: Row) {
        let start: Double? = row[7], end: Double? = row[8]
        self.init(
            id: row[0], name: row[1], date: Date(timeIntervalSince1970: row[2]), location: row[3],
            tableNumber: row[4], notes: row[5], isActive: row[6],
            startTime: start.map(Date.init(timeIntervalSince1970:)), endTime: end.map(Date.init(timeIntervalSince1970:)),
            totalRevenue: row[9], totalProfit: row[10], cardsCount: row[11], cardsSold: row[12]
        )
    }

    public func encode(to container: inout PersistenceContainer) {
        container["id"] = id
        container["name"] = name
        container["date"] = date.timeIntervalSince1970
        container["location"] = location
        container["tableNumber"] = tableNumber
        container["notes"] = notes
        container["isActive"] = isActive
        container["startTime"] = startTime?.timeIntervalSince1970
        container["endTime"] = endTime?.timeIntervalSince1970
        container["totalRevenue"] = totalRevenue
        container["totalProfit"] = totalProfit
        container["cardsCount"] = cardsCount
        container["cardsSold"] = cardsSold
    }
}

extension SalesHistory: PersistableRecord {
    public static let databaseTableName = "SalesHistory"

    public func encode(to container: inout PersistenceContainer) {
        container["id"] = id
        container["date"] = date.timeIntervalSince1970
        container["salePrice"] = salePrice
        container["platformFees"] = platformFees
        container["shippingCost"] = shippingCost
        container["netProfit"] = netProfit
        container["platform"] = platform
        container["buyerName"] = buyerName
        container["notes"] = notes
        container["cardId"] = cardID
        container["eventId"] = eventID
    }
}

extension W6CardShow {
    /// Records inserted in one `write`, then one query-interface request per query
    /// pattern, each in its own `read` as an app's separate screens would issue them.
    @Sendable static func grdb(_ run: Iteration, _ fixture: Fixture) throws -> Output {
        let dbQueue = try StoreSettings.openGRDB(run.storeURL)
        try dbQueue.write { db in
            for sql in CardShowSQL.schema { try db.execute(sql: sql) }
        }
        let marketValue = Column("marketValue"), acquiredDate = Column("acquiredDate")
        var output = try run.measure { () throws -> Output in
            try dbQueue.write { db in
                for event in fixture.events { try event.insert(db) }
                for card in fixture.cards { try card.insert(db) }
                for sale in fixture.sales { try sale.insert(db) }
            }

            // 1. All inventory cards.
            let allCards = try dbQueue.read { db in try InventoryCard.fetchAll(db) }

            // 2. Value range, most valuable first.
            let valueRange = try dbQueue.read { db in
                try InventoryCard
                    .filter(marketValue >= fixture.valueRange.lowerBound && marketValue <= fixture.valueRange.upperBound)
                    .order(marketValue.desc)
                    .fetchAll(db)
            }

            // 3. Name search (LIKE, as for the raw side).
            let nameSearch = try dbQueue.read { db in
                try InventoryCard
                    .filter(sql: "name LIKE ? ESCAPE '\\'", arguments: ["%" + likeEscaped(fixture.searchText) + "%"])
                    .fetchAll(db)
            }

            // 4. Acquired this month, newest first.
            let thisMonth = try dbQueue.read { db in
                try InventoryCard
                    .filter(acquiredDate >= fixture.startOfMonth.timeIntervalSince1970)
                    .order(acquiredDate.desc)
                    .fetchAll(db)
            }

            // 5. Top 10 by value.
            let topCards = try dbQueue.read { db in
                try InventoryCard.order(marketValue.desc).limit(fixture.topCount).fetchAll(db)
            }

            // 6. Total inventory value: the seed fetches every card and reduces.
            let totalValue = try dbQueue.read { db in try InventoryCard.fetchAll(db) }.reduce(0) { $0 + $1.marketValue }

            // 7. Graded cards.
            let graded = try dbQueue.read { db in try InventoryCard.filter(Column("isGraded") == true).fetchAll(db) }

            // 8. Events of the last three months, newest first.
            let recentEvents = try dbQueue.read { db in
                try Event
                    .filter(Column("date") >= fixture.threeMonthsAgo.timeIntervalSince1970)
                    .order(Column("date").desc)
                    .fetchAll(db)
            }

            // Export: the seed fetches all cards again.
            let csv = CardCSV.export(try dbQueue.read { db in try InventoryCard.fetchAll(db) })

            return Output(allCards: allCards, valueRange: valueRange, nameSearch: nameSearch, thisMonth: thisMonth,
                          topCards: topCards, totalValue: totalValue, graded: graded, recentEvents: recentEvents, csv: csv)
        }
        (output.storedSales, output.storedEventCount) = try CardShowSQL.readBack(run.storeURL)
        return output
    }
}
