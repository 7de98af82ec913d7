import Foundation

/// A value a dealer entered that CardShow Pro will not save. Each message says what
/// is wrong in the dealer's terms and how to fix it.
///
/// The first six cases are the seed's rules for cards; the others hold the other
/// entities to the same standard.
public enum ValidationError: Error, Equatable, Sendable, LocalizedError, CustomStringConvertible {
    // Cards (the seed's rules)
    case emptyName
    case emptySetName
    case emptyCardNumber
    case negativeMarketValue
    case negativePurchaseCost
    case invalidGrade

    case emptyTag
    /// A grading company other than the four the app knows, as written.
    case unknownGradingCompany(String)
    case acquiredInFuture
    // Sales
    case saleInFuture
    /// A sale dated before the card was acquired: the card's name.
    case saleBeforeAcquired(String)
    case negativeSalePrice
    case negativeFees
    case emptyPlatform
    // Trades
    case invalidTradePercentage
    case negativeTradeTotal
    // Events
    case emptyEventName
    case eventEndsBeforeStart
    case negativeEventCount
    // Contacts and want lists
    case emptyContactName
    case invalidEmail
    case emptyWantedCardName
    case negativeMaxPrice
    // Prices
    case emptyPriceCardID
    case negativePrice
    case pricesOutOfOrder
    // Grading
    case negativeGradingCost
    case returnBeforeSubmission
    case expectedReturnBeforeSubmission
    case submittedBeforeAcquired(String)
    /// An amount above ``Money/maximum``, named as a dealer would ("A card's market value").
    case amountTooLarge(String)

    public var description: String {
        switch self {
        case .emptyName: "A card needs a name."
        case .emptySetName: "A card needs the name of its set."
        case .emptyCardNumber: "A card needs its card number (the number printed on the card, like 4/102)."
        case .negativeMarketValue: "A card's market value can't be negative."
        case .negativePurchaseCost: "What you paid for a card can't be negative; leave it empty if you don't know it."
        case .invalidGrade: "A card's grade must be a whole number from 1 to 10."
        case .emptyTag: "A tag can't be empty: give each tag some text."
        case let .unknownGradingCompany(company):
            "\"\(company)\" is not a grading company CardShow Pro knows: use one of \(GradingCompany.allCases.map(\.rawValue).joined(separator: ", "))."
        case .acquiredInFuture: "A card can't be acquired in the future: give the day you got it (today at the latest)."
        case .saleInFuture: "A sale can't be dated in the future: give the day it sold (today at the latest)."
        case let .saleBeforeAcquired(card):
            "\(card) would be sold before it was acquired: a sale is dated on or after the day the card was acquired."
        case .negativeSalePrice: "A sale price can't be negative."
        case .negativeFees: "Platform fees and shipping can't be negative."
        case .emptyPlatform: "A sale needs the platform it was made on (eBay, TCGPlayer, In-Person, ...)."
        case .invalidTradePercentage: "A trade percentage must be from 1% to 100% (0.80 is 80%)."
        case .negativeTradeTotal: "The card totals of a trade can't be negative."
        case .emptyEventName: "An event needs a name."
        case .eventEndsBeforeStart: "An event can't end before it starts."
        case .negativeEventCount: "An event's card counts can't be negative."
        case .emptyContactName: "A contact needs a name."
        case .invalidEmail: "That email address doesn't look right: it needs an @ and a domain, like name@example.com."
        case .emptyWantedCardName: "A want-list item needs the name of the card wanted."
        case .negativeMaxPrice: "A want-list item's maximum price can't be negative."
        case .emptyPriceCardID: "A price needs the card ID it belongs to."
        case .negativePrice: "Prices can't be negative."
        case .pricesOutOfOrder: "The prices are out of order: the low price is at most the market and mid prices, and they are at most the high price."
        case .negativeGradingCost: "A grading submission's cost can't be negative."
        case .returnBeforeSubmission: "Cards can't come back from grading before they were submitted."
        case .expectedReturnBeforeSubmission:
            "Cards can't be expected back from grading before the day they were submitted: give an expected day on or after it."
        case let .submittedBeforeAcquired(card):
            "\(card) would be sent for grading before it was acquired: a submission is dated on or after the day its cards were acquired."
        case let .amountTooLarge(what): "\(what) must be \(Money.rangeDescription)."
        }
    }

    public var errorDescription: String? { description }
}
