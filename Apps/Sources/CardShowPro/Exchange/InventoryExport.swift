import Foundation

/// The seed's export document: `{ exportDate, version, cards: [...] }`, dates in
/// ISO-8601. Both formats (JSON as is, CSV as one row per card) carry these records.
///
/// The seed's eight card fields keep their names and meaning, so a file the seed's
/// code writes imports here and the reverse; the fields after them are optional
/// additions that let an export hold a whole card (a reader that does not know them
/// ignores them).
public struct InventoryExport: Codable, Equatable, Sendable {
    public static let formatVersion = "1.0"

    public var exportDate: Date
    public var version: String
    public var cards: [CardExport]

    public init(exportDate: Date = Date(), version: String = InventoryExport.formatVersion, cards: [CardExport]) {
        self.exportDate = exportDate
        self.version = version
        self.cards = cards
    }

    public struct CardExport: Codable, Equatable, Sendable {
        // The seed's fields.
        public var name: String
        public var setName: String
        public var cardNumber: String
        public var variant: String
        /// The condition's full name ("Near Mint"); imports also read "NM".
        public var condition: String
        public var purchaseCost: Double?
        public var marketValue: Double
        public var acquiredDate: Date

        // Additions.
        public var id: UUID?
        public var acquiredFrom: String?
        public var notes: String?
        public var tags: [String]?
        public var status: String?
        public var isGraded: Bool?
        public var gradingCompany: String?
        public var grade: Int?
        public var certNumber: String?
        public var catalogID: String?
        public var imageURL: String?
        public var lastPriceUpdate: Date?

        public init(name: String, setName: String, cardNumber: String, variant: String = "Normal",
                    condition: String = CardCondition.nearMint.rawValue, purchaseCost: Double? = nil,
                    marketValue: Double, acquiredDate: Date) {
            self.name = name
            self.setName = setName
            self.cardNumber = cardNumber
            self.variant = variant
            self.condition = condition
            self.purchaseCost = purchaseCost
            self.marketValue = marketValue
            self.acquiredDate = acquiredDate
        }

        /// Everything `card` holds.
        public init(_ card: InventoryCard) {
            self.init(name: card.name, setName: card.setName, cardNumber: card.cardNumber, variant: card.variant,
                      condition: card.condition.rawValue, purchaseCost: card.purchaseCost.map(Money.cents),
                      marketValue: Money.cents(card.marketValue), acquiredDate: card.acquiredDate)
            id = card.id
            acquiredFrom = card.acquiredFrom
            notes = card.notes
            tags = card.tags
            status = card.status.rawValue
            isGraded = card.isGraded
            gradingCompany = card.gradingCompany
            grade = card.grade
            certNumber = card.certNumber
            catalogID = card.catalogID
            imageURL = card.imageURL
            lastPriceUpdate = card.lastPriceUpdate
        }
    }
}
