import CardShowPro
import CommandLineSupport
import Foundation

// What `--json` prints: stable field names (the models' own), computed values
// included, IDs as full UUIDs.

struct CardView: Encodable {
    var id: UUID
    var name: String
    var setName: String
    var cardNumber: String
    var variant: String
    var condition: String
    var purchaseCost: Double?
    var marketValue: Double
    var profit: Double
    var roi: Double
    var status: String
    var acquiredDate: Date
    var acquiredFrom: String?
    var lastPriceUpdate: Date
    var catalogID: String?
    var tags: [String]
    var notes: String?
    var isGraded: Bool
    var gradingCompany: String?
    var grade: Int?
    var certNumber: String?

    init(_ card: InventoryCard) {
        id = card.id
        name = card.name
        setName = card.setName
        cardNumber = card.cardNumber
        variant = card.variant
        condition = card.condition.rawValue
        purchaseCost = card.purchaseCost.map(Money.cents)
        marketValue = Money.cents(card.marketValue)
        profit = Money.cents(card.profit)
        roi = (card.roi * 100).rounded() / 100
        status = card.status.rawValue
        acquiredDate = card.acquiredDate
        acquiredFrom = card.acquiredFrom
        lastPriceUpdate = card.lastPriceUpdate
        catalogID = card.catalogID
        tags = card.tags
        notes = card.notes
        isGraded = card.isGraded
        gradingCompany = card.gradingCompany
        grade = card.grade
        certNumber = card.certNumber
    }
}

struct SaleView: Encodable {
    var id: UUID
    var date: Date
    var cardID: UUID?
    var card: String?
    var salePrice: Double
    var platformFees: Double
    var shippingCost: Double
    var netProfit: Double
    var profit: Double
    /// What the card had cost when it was sold.
    var costBasis: Double?
    var platform: String
    var buyerName: String?
    var contactID: UUID?
    var eventID: UUID?
    var notes: String?

    init(_ sale: SalesHistory) {
        id = sale.id
        date = sale.date
        cardID = sale.card?.id
        card = sale.card?.displayName ?? sale.cardName
        salePrice = Money.cents(sale.salePrice)
        platformFees = Money.cents(sale.platformFees)
        shippingCost = Money.cents(sale.shippingCost)
        netProfit = Money.cents(sale.netProfit)
        profit = SalesService.profit(of: sale)
        costBasis = sale.costBasis.map(Money.cents)
        platform = sale.platform
        buyerName = sale.buyerName
        contactID = sale.contact?.id
        eventID = sale.event?.id
        notes = sale.notes
    }
}

struct TradeView: Encodable {
    var id: UUID
    var date: Date
    var tradePercentage: Double
    var myCardsTotal: Double
    var theirCardsTotal: Double
    var theirCardsTradeValue: Double
    var differential: Double
    var isBalanced: Bool
    var cardsTraded: [CardView]
    var cardsReceived: [CardView]
    var eventID: UUID?
    var notes: String?

    init(_ trade: TradeHistory) {
        id = trade.id
        date = trade.date
        tradePercentage = trade.tradePercentage
        myCardsTotal = Money.cents(trade.myCardsTotal)
        theirCardsTotal = Money.cents(trade.theirCardsTotal)
        theirCardsTradeValue = Money.cents(trade.theirCardsTradeValue)
        differential = Money.cents(trade.differential)
        isBalanced = trade.isBalanced
        cardsTraded = (trade.cardsTraded ?? []).map(CardView.init)
        cardsReceived = (trade.cardsReceived ?? []).map(CardView.init)
        eventID = trade.event?.id
        notes = trade.notes
    }
}

struct ContactView: Encodable {
    var id: UUID
    var name: String
    var role: String
    var priority: String
    var phone: String?
    var email: String?
    var metAt: String?
    var metDate: Date?
    var notes: String?
    var purchaseCount: Int
    var totalPurchases: Double
    var wantList: [WantView]

    init(_ contact: Contact) {
        id = contact.id
        name = contact.name
        role = contact.role.rawValue
        priority = contact.priority.rawValue
        phone = contact.phone
        email = contact.email
        metAt = contact.metAt
        metDate = contact.metDate
        notes = contact.notes
        purchaseCount = contact.purchaseCount
        totalPurchases = contact.totalPurchases
        wantList = (contact.wantList ?? []).map(WantView.init)
    }
}

struct WantView: Encodable {
    var id: UUID
    var cardName: String
    var setName: String?
    var variant: String?
    var maxPrice: Double?
    var priority: String
    var notes: String?
    var createdDate: Date
    var contactID: UUID?
    var contact: String?
    var isMatch: Bool

    init(_ item: WantListItem) {
        id = item.id
        cardName = item.cardName
        setName = item.setName
        variant = item.variant
        maxPrice = item.maxPrice.map(Money.cents)
        priority = item.priority.rawValue
        notes = item.notes
        createdDate = item.createdDate
        contactID = item.contact?.id
        contact = item.contact?.name
        isMatch = item.isMatch
    }
}

struct MatchView: Encodable {
    var want: WantView
    var card: CardView
    var contact: String?
    var phone: String?
    var email: String?

    init(_ match: WantListMatch) {
        want = WantView(match.item)
        card = CardView(match.card)
        contact = match.contact?.name
        phone = match.contact?.phone
        email = match.contact?.email
    }
}

struct SubmissionView: Encodable {
    var id: UUID
    var company: String
    var status: String
    var submissionDate: Date
    var expectedReturnDate: Date?
    var actualReturnDate: Date?
    var totalCost: Double
    var costPerCard: Double
    var daysOut: Int
    var isOverdue: Bool
    var trackingNumber: String?
    var cards: [CardView]

    init(_ submission: GradingSubmission) {
        id = submission.id
        company = submission.company.rawValue
        status = submission.status.rawValue
        submissionDate = submission.submissionDate
        expectedReturnDate = submission.expectedReturnDate
        actualReturnDate = submission.actualReturnDate
        totalCost = Money.cents(submission.totalCost)
        costPerCard = Money.cents(submission.costPerCard)
        daysOut = submission.daysOut
        isOverdue = submission.isOverdue
        trackingNumber = submission.trackingNumber
        cards = (submission.cards ?? []).map(CardView.init)
    }
}

struct PriceView: Encodable {
    var cardId: String
    var marketPrice: Double
    var lowPrice: Double
    var midPrice: Double
    var highPrice: Double
    var timestamp: Date
    var source: String
    var isExpired: Bool

    init(_ price: CachedPrice) {
        cardId = price.cardId
        marketPrice = price.marketPrice
        lowPrice = price.lowPrice
        midPrice = price.midPrice
        highPrice = price.highPrice
        timestamp = price.timestamp
        source = price.source
        isExpired = price.isExpired
    }
}

/// What a command that deletes many records at once did, for --json: a deletion of one
/// prints the record itself, but listing every pruned price would say more than how many.
struct ChangeView: Encodable {
    /// "deleted"
    var action: String
    /// "price"
    var kind: String
    var count: Int
}

/// What `import` did, for --json.
struct ImportView: Encodable {
    var total: Int
    var inserted: Int
    var updated: Int
    var wantedBy: [MatchView]
}
