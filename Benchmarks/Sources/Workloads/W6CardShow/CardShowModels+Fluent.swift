import FluentSQLiteDriver
import Foundation

// Seed 000's models as Fluent models (the three W6 and W9 use), with the seed's
// indexes. Dates are REAL seconds since 1970 (the driver's own encoding), the
// condition and the tags go through Codable (text and JSON text), UUIDs as text.

final class FluentInventoryCard: Model, @unchecked Sendable {
    static let schema = "InventoryCard"

    @ID(key: .id) var id: UUID?
    @Field(key: "name") var name: String
    @Field(key: "setName") var setName: String
    @Field(key: "cardNumber") var cardNumber: String
    @Field(key: "variant") var variant: String
    @Field(key: "condition") var condition: CardCondition
    @OptionalField(key: "purchaseCost") var purchaseCost: Double?
    @Field(key: "marketValue") var marketValue: Double
    @Field(key: "lastPriceUpdate") var lastPriceUpdate: Date
    @Field(key: "acquiredDate") var acquiredDate: Date
    @OptionalField(key: "acquiredFrom") var acquiredFrom: String?
    @OptionalField(key: "imageURL") var imageURL: String?
    @OptionalField(key: "localImagePath") var localImagePath: String?
    @OptionalField(key: "notes") var notes: String?
    @Field(key: "tags") var tags: [String]
    @Field(key: "isGraded") var isGraded: Bool
    @OptionalField(key: "gradingCompany") var gradingCompany: String?
    @OptionalField(key: "grade") var grade: Int?
    @OptionalField(key: "certNumber") var certNumber: String?
    @Children(for: \.$card) var sales: [FluentSalesHistory]

    init() {}

    init(_ card: InventoryCard) {
        id = card.id; name = card.name; setName = card.setName; cardNumber = card.cardNumber
        variant = card.variant; condition = card.condition; purchaseCost = card.purchaseCost
        marketValue = card.marketValue; lastPriceUpdate = card.lastPriceUpdate; acquiredDate = card.acquiredDate
        acquiredFrom = card.acquiredFrom; imageURL = card.imageURL; localImagePath = card.localImagePath
        notes = card.notes; tags = card.tags; isGraded = card.isGraded; gradingCompany = card.gradingCompany
        grade = card.grade; certNumber = card.certNumber
    }

    var value: InventoryCard {
        get throws {
            guard let id else { throw WorkloadError("Fluent: an InventoryCard without id") }
            return InventoryCard(
                id: id, name: name, setName: setName, cardNumber: cardNumber, variant: variant, condition: condition,
                purchaseCost: purchaseCost, marketValue: marketValue, lastPriceUpdate: lastPriceUpdate,
                acquiredDate: acquiredDate, acquiredFrom: acquiredFrom, imageURL: imageURL,
                localImagePath: localImagePath, notes: notes, tags: tags, isGraded: isGraded,
                gradingCompany: gradingCompany, grade: grade, certNumber: certNumber)
        }
    }
}

final class FluentSalesHistory: Model, @unchecked Sendable {
    static let schema = "SalesHistory"

    @ID(key: .id) var id: UUID?
    @Field(key: "date") var date: Date
    @Field(key: "salePrice") var salePrice: Double
    @Field(key: "platformFees") var platformFees: Double
    @Field(key: "shippingCost") var shippingCost: Double
    @Field(key: "netProfit") var netProfit: Double
    @Field(key: "platform") var platform: String
    @OptionalField(key: "buyerName") var buyerName: String?
    @OptionalField(key: "notes") var notes: String?
    @OptionalParent(key: "cardId") var card: FluentInventoryCard?
    @OptionalParent(key: "eventId") var event: FluentEvent?

    init() {}

    init(_ sale: SalesHistory) {
        id = sale.id; date = sale.date; salePrice = sale.salePrice; platformFees = sale.platformFees
        shippingCost = sale.shippingCost; netProfit = sale.netProfit; platform = sale.platform
        buyerName = sale.buyerName; notes = sale.notes
        $card.id = sale.cardID
        $event.id = sale.eventID
    }

    var value: SalesHistory {
        get throws {
            guard let id else { throw WorkloadError("Fluent: a SalesHistory without id") }
            return SalesHistory(id: id, date: date, salePrice: salePrice, platformFees: platformFees,
                                shippingCost: shippingCost, netProfit: netProfit, platform: platform,
                                buyerName: buyerName, notes: notes, cardID: $card.id, eventID: $event.id)
        }
    }
}

final class FluentEvent: Model, @unchecked Sendable {
    static let schema = "Event"

    @ID(key: .id) var id: UUID?
    @Field(key: "name") var name: String
    @Field(key: "date") var date: Date
    @Field(key: "location") var location: String
    @OptionalField(key: "tableNumber") var tableNumber: String?
    @OptionalField(key: "notes") var notes: String?
    @Field(key: "isActive") var isActive: Bool
    @OptionalField(key: "startTime") var startTime: Date?
    @OptionalField(key: "endTime") var endTime: Date?
    @Field(key: "totalRevenue") var totalRevenue: Double
    @Field(key: "totalProfit") var totalProfit: Double
    @Field(key: "cardsCount") var cardsCount: Int
    @Field(key: "cardsSold") var cardsSold: Int
    @Children(for: \.$event) var sales: [FluentSalesHistory]

    init() {}

    init(_ event: Event) {
        id = event.id; name = event.name; date = event.date; location = event.location
        tableNumber = event.tableNumber; notes = event.notes; isActive = event.isActive
        startTime = event.startTime; endTime = event.endTime; totalRevenue = event.totalRevenue
        totalProfit = event.totalProfit; cardsCount = event.cardsCount; cardsSold = event.cardsSold
    }

    var value: Event {
        get throws {
            guard let id else { throw WorkloadError("Fluent: an Event without id") }
            return Event(id: id, name: name, date: date, location: location, tableNumber: tableNumber, notes: notes,
                         isActive: isActive, startTime: startTime, endTime: endTime, totalRevenue: totalRevenue,
                         totalProfit: totalProfit, cardsCount: cardsCount, cardsSold: cardsSold)
        }
    }
}

/// The three tables with their foreign keys (the seed's delete rules as ON DELETE
/// actions) and the seed's indexes plus one per foreign key, through SQLKit.
struct CreateFluentCardShow: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema(FluentInventoryCard.schema)
            .id()
            .field("name", .string, .required)
            .field("setName", .string, .required)
            .field("cardNumber", .string, .required)
            .field("variant", .string, .required)
            .field("condition", .string, .required)
            .field("purchaseCost", .double)
            .field("marketValue", .double, .required)
            .field("lastPriceUpdate", .datetime, .required)
            .field("acquiredDate", .datetime, .required)
            .field("acquiredFrom", .string)
            .field("imageURL", .string)
            .field("localImagePath", .string)
            .field("notes", .string)
            .field("tags", .array(of: .string), .required)
            .field("isGraded", .bool, .required)
            .field("gradingCompany", .string)
            .field("grade", .int)
            .field("certNumber", .string)
            .create()
        try await database.schema(FluentEvent.schema)
            .id()
            .field("name", .string, .required)
            .field("date", .datetime, .required)
            .field("location", .string, .required)
            .field("tableNumber", .string)
            .field("notes", .string)
            .field("isActive", .bool, .required)
            .field("startTime", .datetime)
            .field("endTime", .datetime)
            .field("totalRevenue", .double, .required)
            .field("totalProfit", .double, .required)
            .field("cardsCount", .int, .required)
            .field("cardsSold", .int, .required)
            .create()
        try await database.schema(FluentSalesHistory.schema)
            .id()
            .field("date", .datetime, .required)
            .field("salePrice", .double, .required)
            .field("platformFees", .double, .required)
            .field("shippingCost", .double, .required)
            .field("netProfit", .double, .required)
            .field("platform", .string, .required)
            .field("buyerName", .string)
            .field("notes", .string)
            .field("cardId", .uuid, .references(FluentInventoryCard.schema, "id", onDelete: .setNull))
            .field("eventId", .uuid, .references(FluentEvent.schema, "id", onDelete: .cascade))
            .create()
        guard let sql = database as? any SQLDatabase else { throw WorkloadError("Fluent: the SQLite driver is not an SQLDatabase") }
        for (table, column) in [("InventoryCard", "name"), ("InventoryCard", "acquiredDate"), ("InventoryCard", "marketValue"),
                                ("SalesHistory", "cardId"), ("SalesHistory", "eventId")] {
            try await sql.create(index: "\(table)_\(column)").on(table).column(column).run()
        }
    }

    func revert(on database: any Database) async throws {
        for schema in [FluentSalesHistory.schema, FluentEvent.schema, FluentInventoryCard.schema] {
            try await database.schema(schema).delete()
        }
    }
}
