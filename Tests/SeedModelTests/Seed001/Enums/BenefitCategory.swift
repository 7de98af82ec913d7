import Foundation

enum BenefitCategory: String, Codable, CaseIterable {
    case travel
    case dining
    case entertainment
    case shopping
    case transportation
    case wellness
    case hotel
    case airline
    case other

    var displayName: String {
        switch self {
        case .travel: return "Travel"
        case .dining: return "Dining"
        case .entertainment: return "Entertainment"
        case .shopping: return "Shopping"
        case .transportation: return "Transportation"
        case .wellness: return "Wellness"
        case .hotel: return "Hotel"
        case .airline: return "Airline"
        case .other: return "Other"
        }
    }

    var iconName: String {
        switch self {
        case .travel: return "airplane"
        case .dining: return "fork.knife"
        case .entertainment: return "tv"
        case .shopping: return "bag"
        case .transportation: return "car"
        case .wellness: return "heart"
        case .hotel: return "building.2"
        case .airline: return "airplane.departure"
        case .other: return "star"
        }
    }
}
