import Foundation

/// A field of an exported card, with its JSON key and its CSV column header.
public enum CardField: String, CaseIterable, Sendable {
    // The seed's fields, in the seed's CSV column order.
    case name, setName, cardNumber, variant, condition, purchaseCost, marketValue, profit, acquiredDate
    // Ours, so that an export holds everything a card has.
    case id, acquiredFrom, notes, tags, status, isGraded, gradingCompany, grade, certNumber, catalogID
    case imageURL, lastPriceUpdate

    public var jsonKey: String { rawValue }

    public var csvHeader: String {
        switch self {
        case .name: "Name"
        case .setName: "Set"
        case .cardNumber: "Number"
        case .variant: "Variant"
        case .condition: "Condition"
        case .purchaseCost: "Purchase Cost"
        case .marketValue: "Market Value"
        case .profit: "Profit"
        case .acquiredDate: "Acquired Date"
        case .id: "ID"
        case .acquiredFrom: "Acquired From"
        case .notes: "Notes"
        case .tags: "Tags"
        case .status: "Status"
        case .isGraded: "Graded"
        case .gradingCompany: "Grading Company"
        case .grade: "Grade"
        case .certNumber: "Cert Number"
        case .catalogID: "Catalog ID"
        case .imageURL: "Image URL"
        case .lastPriceUpdate: "Last Price Update"
        }
    }

    /// Whether the field holds free text (which a CSV export keeps from being read as a
    /// formula), not an amount, a date, a number or an ID.
    var isText: Bool {
        switch self {
        case .purchaseCost, .marketValue, .profit, .acquiredDate, .id, .isGraded, .grade, .lastPriceUpdate: false
        default: true
        }
    }

    /// The field a validation rule is about.
    static func of(_ error: ValidationError) -> CardField {
        switch error {
        case .emptyName: .name
        case .emptySetName: .setName
        case .emptyCardNumber: .cardNumber
        case .negativeMarketValue: .marketValue
        case .negativePurchaseCost: .purchaseCost
        case .invalidGrade: .grade
        case .emptyTag: .tags
        case .unknownGradingCompany: .gradingCompany
        case .acquiredInFuture: .acquiredDate
        case let .amountTooLarge(what): what.contains("paid") ? .purchaseCost : .marketValue
        default: .name
        }
    }
}
