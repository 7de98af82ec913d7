import Foundation

/// What a SQLite store of seed 000's models looks like: one table per entity named
/// after it, one column per stored attribute, a foreign-key column per to-one
/// relationship (and per to-many relationship without a declared inverse, on the
/// destination's side), enums as their raw strings, dates as REAL seconds since
/// 1970, UUIDs as 16-byte BLOBs, `[String]` as JSON text, Bool as 0/1. Delete rules
/// become ON DELETE actions. The many-to-many relationships (trades, event
/// inventory, grading submissions' cards) would need join tables; W6 does not touch
/// them, so they are left out. Indexes are the seed's ("Indexes" and "Performance
/// Optimization") plus one per foreign key.
public enum CardShowSQL {
    public static let schema = [
        """
        CREATE TABLE InventoryCard (
            id BLOB NOT NULL PRIMARY KEY,
            name TEXT NOT NULL,
            setName TEXT NOT NULL,
            cardNumber TEXT NOT NULL,
            variant TEXT NOT NULL,
            condition TEXT NOT NULL,
            purchaseCost REAL,
            marketValue REAL NOT NULL,
            lastPriceUpdate REAL NOT NULL,
            acquiredDate REAL NOT NULL,
            acquiredFrom TEXT,
            imageURL TEXT,
            localImagePath TEXT,
            notes TEXT,
            tags TEXT NOT NULL,
            isGraded INTEGER NOT NULL,
            gradingCompany TEXT,
            grade INTEGER,
            certNumber TEXT
        )
        """,
        "CREATE INDEX InventoryCard_name ON InventoryCard(name)",
        "CREATE INDEX InventoryCard_acquiredDate ON InventoryCard(acquiredDate)",
        "CREATE INDEX InventoryCard_marketValue ON InventoryCard(marketValue)",
        """
        CREATE TABLE Event (
            id BLOB NOT NULL PRIMARY KEY,
            name TEXT NOT NULL,
            date REAL NOT NULL,
            location TEXT NOT NULL,
            tableNumber TEXT,
            notes TEXT,
            isActive INTEGER NOT NULL,
            startTime REAL,
            endTime REAL,
            totalRevenue REAL NOT NULL,
            totalProfit REAL NOT NULL,
            cardsCount INTEGER NOT NULL,
            cardsSold INTEGER NOT NULL
        )
        """,
        """
        CREATE TABLE Contact (
            id BLOB NOT NULL PRIMARY KEY,
            name TEXT NOT NULL,
            phone TEXT,
            email TEXT,
            role TEXT NOT NULL,
            priority TEXT NOT NULL,
            metAt TEXT,
            metDate REAL,
            notes TEXT
        )
        """,
        """
        CREATE TABLE SalesHistory (
            id BLOB NOT NULL PRIMARY KEY,
            date REAL NOT NULL,
            salePrice REAL NOT NULL,
            platformFees REAL NOT NULL,
            shippingCost REAL NOT NULL,
            netProfit REAL NOT NULL,
            platform TEXT NOT NULL,
            buyerName TEXT,
            notes TEXT,
            cardId BLOB REFERENCES InventoryCard(id) ON DELETE SET NULL,
            eventId BLOB REFERENCES Event(id) ON DELETE CASCADE,
            contactId BLOB REFERENCES Contact(id) ON DELETE SET NULL
        )
        """,
        "CREATE INDEX SalesHistory_cardId ON SalesHistory(cardId)",
        "CREATE INDEX SalesHistory_eventId ON SalesHistory(eventId)",
        "CREATE INDEX SalesHistory_contactId ON SalesHistory(contactId)",
        """
        CREATE TABLE TradeHistory (
            id BLOB NOT NULL PRIMARY KEY,
            date REAL NOT NULL,
            tradePercentage REAL NOT NULL,
            myCardsTotal REAL NOT NULL,
            theirCardsTotal REAL NOT NULL,
            theirCardsTradeValue REAL NOT NULL,
            notes TEXT,
            eventId BLOB REFERENCES Event(id) ON DELETE CASCADE
        )
        """,
        "CREATE INDEX TradeHistory_eventId ON TradeHistory(eventId)",
        """
        CREATE TABLE WantListItem (
            id BLOB NOT NULL PRIMARY KEY,
            cardName TEXT NOT NULL,
            setName TEXT,
            variant TEXT,
            maxPrice REAL,
            priority TEXT NOT NULL,
            notes TEXT,
            createdDate REAL NOT NULL,
            contactId BLOB REFERENCES Contact(id) ON DELETE CASCADE
        )
        """,
        "CREATE INDEX WantListItem_contactId ON WantListItem(contactId)",
        """
        CREATE TABLE CachedPrice (
            cardId TEXT NOT NULL PRIMARY KEY,
            marketPrice REAL NOT NULL,
            lowPrice REAL NOT NULL,
            midPrice REAL NOT NULL,
            highPrice REAL NOT NULL,
            timestamp REAL NOT NULL,
            source TEXT NOT NULL
        )
        """,
        """
        CREATE TABLE GradingSubmission (
            id BLOB NOT NULL PRIMARY KEY,
            company TEXT NOT NULL,
            submissionDate REAL NOT NULL,
            expectedReturnDate REAL,
            actualReturnDate REAL,
            totalCost REAL NOT NULL,
            status TEXT NOT NULL,
            trackingNumber TEXT,
            notes TEXT
        )
        """,
    ]

    public static let cardColumns = """
        id, name, setName, cardNumber, variant, condition, purchaseCost, marketValue, lastPriceUpdate, \
        acquiredDate, acquiredFrom, imageURL, localImagePath, notes, tags, isGraded, gradingCompany, grade, certNumber
        """
    public static let eventColumns = """
        id, name, date, location, tableNumber, notes, isActive, startTime, endTime, totalRevenue, totalProfit, \
        cardsCount, cardsSold
        """
    public static let salesColumns = """
        id, date, salePrice, platformFees, shippingCost, netProfit, platform, buyerName, notes, cardId, eventId
        """

    public static func createSchema(_ db: RawDatabase) throws {
        for sql in schema { try db.execute(sql) }
    }

    // MARK: Raw C API helpers

    static func placeholders(_ columns: String) -> String {
        Array(repeating: "?", count: columns.split(separator: ",").count).joined(separator: ", ")
    }

    public static func insertEvents(_ events: [Event], into db: RawDatabase) throws {
        let s = try db.prepare("INSERT INTO Event (\(eventColumns)) VALUES (\(placeholders(eventColumns)))")
        for e in events {
            s.bind(1, e.id); s.bind(2, e.name); s.bind(3, e.date.timeIntervalSince1970); s.bind(4, e.location)
            s.bind(5, e.tableNumber); s.bind(6, e.notes); s.bind(7, e.isActive)
            s.bind(8, e.startTime?.timeIntervalSince1970); s.bind(9, e.endTime?.timeIntervalSince1970)
            s.bind(10, e.totalRevenue); s.bind(11, e.totalProfit); s.bind(12, e.cardsCount); s.bind(13, e.cardsSold)
            try s.run()
        }
    }

    public static func insertCards(_ cards: [InventoryCard], into db: RawDatabase) throws {
        let s = try db.prepare("INSERT INTO InventoryCard (\(cardColumns)) VALUES (\(placeholders(cardColumns)))")
        for c in cards {
            s.bind(1, c.id); s.bind(2, c.name); s.bind(3, c.setName); s.bind(4, c.cardNumber); s.bind(5, c.variant)
            s.bind(6, c.condition.rawValue); s.bind(7, c.purchaseCost); s.bind(8, c.marketValue)
            s.bind(9, c.lastPriceUpdate.timeIntervalSince1970); s.bind(10, c.acquiredDate.timeIntervalSince1970)
            s.bind(11, c.acquiredFrom); s.bind(12, c.imageURL); s.bind(13, c.localImagePath); s.bind(14, c.notes)
            s.bind(15, TagsJSON.encode(c.tags)); s.bind(16, c.isGraded); s.bind(17, c.gradingCompany)
            s.bind(18, c.grade); s.bind(19, c.certNumber)
            try s.run()
        }
    }

    public static func insertSales(_ sales: [SalesHistory], into db: RawDatabase) throws {
        let s = try db.prepare("INSERT INTO SalesHistory (\(salesColumns)) VALUES (\(placeholders(salesColumns)))")
        for h in sales {
            s.bind(1, h.id); s.bind(2, h.date.timeIntervalSince1970); s.bind(3, h.salePrice); s.bind(4, h.platformFees)
            s.bind(5, h.shippingCost); s.bind(6, h.netProfit); s.bind(7, h.platform); s.bind(8, h.buyerName)
            s.bind(9, h.notes); s.bind(10, h.cardID); s.bind(11, h.eventID)
            try s.run()
        }
    }

    /// Runs a `SELECT <cardColumns> FROM InventoryCard ...` and builds the models.
    public static func fetchCards(_ statement: RawStatement) throws -> [InventoryCard] {
        var cards: [InventoryCard] = []
        while try statement.step() {
            let s = statement
            guard let condition = CardCondition(rawValue: s.text(5)) else {
                throw WorkloadError("unknown condition \(s.text(5))")
            }
            guard let tags = TagsJSON.decode(s.text(14)) else { throw WorkloadError("bad tags \(s.text(14))") }
            cards.append(InventoryCard(
                id: s.uuid(0), name: s.text(1), setName: s.text(2), cardNumber: s.text(3), variant: s.text(4),
                condition: condition, purchaseCost: s.optionalDouble(6), marketValue: s.double(7),
                lastPriceUpdate: Date(timeIntervalSince1970: s.double(8)),
                acquiredDate: Date(timeIntervalSince1970: s.double(9)),
                acquiredFrom: s.optionalText(10), imageURL: s.optionalText(11), localImagePath: s.optionalText(12),
                notes: s.optionalText(13), tags: tags, isGraded: s.bool(15), gradingCompany: s.optionalText(16),
                grade: s.optionalInt(17), certNumber: s.optionalText(18)
            ))
        }
        statement.reset()
        return cards
    }

    public static func fetchEvents(_ statement: RawStatement) throws -> [Event] {
        var events: [Event] = []
        while try statement.step() {
            let s = statement
            events.append(Event(
                id: s.uuid(0), name: s.text(1), date: Date(timeIntervalSince1970: s.double(2)), location: s.text(3),
                tableNumber: s.optionalText(4), notes: s.optionalText(5), isActive: s.bool(6),
                startTime: s.optionalDouble(7).map(Date.init(timeIntervalSince1970:)),
                endTime: s.optionalDouble(8).map(Date.init(timeIntervalSince1970:)),
                totalRevenue: s.double(9), totalProfit: s.double(10), cardsCount: s.int(11), cardsSold: s.int(12)
            ))
        }
        statement.reset()
        return events
    }

    public static func fetchSales(_ statement: RawStatement) throws -> [SalesHistory] {
        var sales: [SalesHistory] = []
        while try statement.step() {
            let s = statement
            sales.append(SalesHistory(
                id: s.uuid(0), date: Date(timeIntervalSince1970: s.double(1)), salePrice: s.double(2),
                platformFees: s.double(3), shippingCost: s.double(4), netProfit: s.double(5), platform: s.text(6),
                buyerName: s.optionalText(7), notes: s.optionalText(8), cardID: s.optionalUUID(9), eventID: s.optionalUUID(10)
            ))
        }
        statement.reset()
        return sales
    }

    /// Every sale and the event count, read back after the measured region (all engines
    /// share the schema, so this also checks the GRDB store).
    public static func readBack(_ url: URL) throws -> (sales: [SalesHistory], eventCount: Int) {
        let db = try RawDatabase(url)
        let sales = try fetchSales(db.prepare("SELECT \(salesColumns) FROM SalesHistory"))
        return (sales, try db.scalarInt("SELECT COUNT(*) FROM Event"))
    }
}
