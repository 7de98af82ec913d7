import Foundation
import PostgresNIO

/// Seed 000's three tables that W6 writes, on PostgreSQL as a careful PostgresNIO user
/// lays them out: native `uuid` keys, `boolean`, `text[]` tags, dates as `double
/// precision` seconds since 1970 (as the SQLite schema stores them, so that every value
/// reads back exactly), the seed's indexes plus one per foreign key.
enum CardShowPostgres {
    static let schema = [
        """
        CREATE TABLE inventorycard (id uuid PRIMARY KEY, name text NOT NULL, setname text NOT NULL, cardnumber text NOT NULL,
            variant text NOT NULL, condition text NOT NULL, purchasecost double precision, marketvalue double precision NOT NULL,
            lastpriceupdate double precision NOT NULL, acquireddate double precision NOT NULL, acquiredfrom text, imageurl text,
            localimagepath text, notes text, tags text[] NOT NULL, isgraded boolean NOT NULL, gradingcompany text, grade bigint,
            certnumber text)
        """,
        "CREATE INDEX inventorycard_name ON inventorycard (name)",
        "CREATE INDEX inventorycard_acquireddate ON inventorycard (acquireddate)",
        "CREATE INDEX inventorycard_marketvalue ON inventorycard (marketvalue)",
        """
        CREATE TABLE event (id uuid PRIMARY KEY, name text NOT NULL, date double precision NOT NULL, location text NOT NULL,
            tablenumber text, notes text, isactive boolean NOT NULL, starttime double precision, endtime double precision,
            totalrevenue double precision NOT NULL, totalprofit double precision NOT NULL, cardscount bigint NOT NULL,
            cardssold bigint NOT NULL)
        """,
        """
        CREATE TABLE saleshistory (id uuid PRIMARY KEY, date double precision NOT NULL, saleprice double precision NOT NULL,
            platformfees double precision NOT NULL, shippingcost double precision NOT NULL, netprofit double precision NOT NULL,
            platform text NOT NULL, buyername text, notes text,
            cardid uuid REFERENCES inventorycard (id) ON DELETE SET NULL, eventid uuid REFERENCES event (id) ON DELETE CASCADE)
        """,
        "CREATE INDEX saleshistory_cardid ON saleshistory (cardid)",
        "CREATE INDEX saleshistory_eventid ON saleshistory (eventid)",
    ]

    static let cardColumns = """
        id, name, setname, cardnumber, variant, condition, purchasecost, marketvalue, lastpriceupdate, acquireddate, \
        acquiredfrom, imageurl, localimagepath, notes, tags, isgraded, gradingcompany, grade, certnumber
        """
    static let eventColumns = """
        id, name, date, location, tablenumber, notes, isactive, starttime, endtime, totalrevenue, totalprofit, cardscount, cardssold
        """
    static let salesColumns = "id, date, saleprice, platformfees, shippingcost, netprofit, platform, buyername, notes, cardid, eventid"

    static func insert(_ fixture: W6CardShow.Fixture, on connection: PostgresConnection) async throws {
        try await connection.insert(fixture.events, "INSERT INTO event (\(eventColumns))") { e, row in
            row.add(e.id); row.add(e.name); row.add(e.date.timeIntervalSince1970); row.add(e.location)
            row.add(e.tableNumber); row.add(e.notes); row.add(e.isActive)
            row.add(e.startTime?.timeIntervalSince1970); row.add(e.endTime?.timeIntervalSince1970)
            row.add(e.totalRevenue); row.add(e.totalProfit); row.add(e.cardsCount); row.add(e.cardsSold)
        }
        try await connection.insert(fixture.cards, "INSERT INTO inventorycard (\(cardColumns))") { c, row in
            row.add(c.id); row.add(c.name); row.add(c.setName); row.add(c.cardNumber); row.add(c.variant)
            row.add(c.condition.rawValue); row.add(c.purchaseCost); row.add(c.marketValue)
            row.add(c.lastPriceUpdate.timeIntervalSince1970); row.add(c.acquiredDate.timeIntervalSince1970)
            row.add(c.acquiredFrom); row.add(c.imageURL); row.add(c.localImagePath); row.add(c.notes)
            row.add(c.tags); row.add(c.isGraded); row.add(c.gradingCompany); row.add(c.grade); row.add(c.certNumber)
        }
        try await connection.insert(fixture.sales, "INSERT INTO saleshistory (\(salesColumns))") { h, row in
            row.add(h.id); row.add(h.date.timeIntervalSince1970); row.add(h.salePrice); row.add(h.platformFees)
            row.add(h.shippingCost); row.add(h.netProfit); row.add(h.platform); row.add(h.buyerName)
            row.add(h.notes); row.add(h.cardID); row.add(h.eventID)
        }
    }

    static func cards(_ rows: PostgresRowSequence) async throws -> [InventoryCard] {
        var cards: [InventoryCard] = []
        for try await row in rows {
            let (id, name, setName, cardNumber, variant, conditionText, purchaseCost, marketValue, lastPriceUpdate, acquiredDate,
                 acquiredFrom, imageURL, localImagePath, notes, tags, isGraded, gradingCompany, grade, certNumber)
                = try row.decode((UUID, String, String, String, String, String, Double?, Double, Double, Double,
                                  String?, String?, String?, String?, [String], Bool, String?, Int?, String?).self)
            guard let condition = CardCondition(rawValue: conditionText) else { throw WorkloadError("unknown condition \(conditionText)") }
            cards.append(InventoryCard(
                id: id, name: name, setName: setName, cardNumber: cardNumber, variant: variant, condition: condition,
                purchaseCost: purchaseCost, marketValue: marketValue, lastPriceUpdate: Date(timeIntervalSince1970: lastPriceUpdate),
                acquiredDate: Date(timeIntervalSince1970: acquiredDate), acquiredFrom: acquiredFrom, imageURL: imageURL,
                localImagePath: localImagePath, notes: notes, tags: tags, isGraded: isGraded, gradingCompany: gradingCompany,
                grade: grade, certNumber: certNumber))
        }
        return cards
    }

    static func events(_ rows: PostgresRowSequence) async throws -> [Event] {
        var events: [Event] = []
        for try await row in rows {
            let (id, name, date, location, tableNumber, notes, isActive, startTime, endTime, totalRevenue, totalProfit, cardsCount, cardsSold)
                = try row.decode((UUID, String, Double, String, String?, String?, Bool, Double?, Double?, Double, Double, Int, Int).self)
            events.append(Event(
                id: id, name: name, date: Date(timeIntervalSince1970: date), location: location, tableNumber: tableNumber,
                notes: notes, isActive: isActive, startTime: startTime.map(Date.init(timeIntervalSince1970:)),
                endTime: endTime.map(Date.init(timeIntervalSince1970:)), totalRevenue: totalRevenue, totalProfit: totalProfit,
                cardsCount: cardsCount, cardsSold: cardsSold))
        }
        return events
    }

    static func sales(_ rows: PostgresRowSequence) async throws -> [SalesHistory] {
        var sales: [SalesHistory] = []
        for try await row in rows {
            let (id, date, salePrice, platformFees, shippingCost, netProfit, platform, buyerName, notes, cardID, eventID)
                = try row.decode((UUID, Double, Double, Double, Double, Double, String, String?, String?, UUID?, UUID?).self)
            sales.append(SalesHistory(
                id: id, date: Date(timeIntervalSince1970: date), salePrice: salePrice, platformFees: platformFees,
                shippingCost: shippingCost, netProfit: netProfit, platform: platform, buyerName: buyerName, notes: notes,
                cardID: cardID, eventID: eventID))
        }
        return sales
    }
}
