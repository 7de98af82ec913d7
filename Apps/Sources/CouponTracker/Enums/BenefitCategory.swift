import Foundation

public enum BenefitCategory: String, Codable, CaseIterable, Sendable {
    case travel
    case dining
    case entertainment
    case shopping
    case transportation
    case wellness
    case hotel
    case airline
    // Not in the seed: the real template file has business credits (Business Platinum).
    case business
    case other

    public var displayName: String {
        switch self {
        case .travel: return "Travel"
        case .dining: return "Dining"
        case .entertainment: return "Entertainment"
        case .shopping: return "Shopping"
        case .transportation: return "Transportation"
        case .wellness: return "Wellness"
        case .hotel: return "Hotel"
        case .airline: return "Airline"
        case .business: return "Business"
        case .other: return "Other"
        }
    }

    public var iconName: String {
        switch self {
        case .travel: return "airplane"
        case .dining: return "fork.knife"
        case .entertainment: return "tv"
        case .shopping: return "bag"
        case .transportation: return "car"
        case .wellness: return "heart"
        case .hotel: return "building.2"
        case .airline: return "airplane.departure"
        case .business: return "briefcase"
        case .other: return "star"
        }
    }
}
