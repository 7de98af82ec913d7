/// The `cards.play_order` value of a main deck card.
public enum PlayOrder: OpenStringEnum {
    case lead
    case followup
    case finish
    case unknown(String)

    public static let knownCases: [PlayOrder] = [.lead, .followup, .finish]

    public init(rawValue: String) {
        switch rawValue {
        case "Lead": self = .lead
        case "Followup": self = .followup
        case "Finish": self = .finish
        default: self = .unknown(rawValue)
        }
    }

    public var rawValue: String {
        switch self {
        case .lead: "Lead"
        case .followup: "Followup"
        case .finish: "Finish"
        case .unknown(let value): value
        }
    }
}
