/// The `cards.atk_type` value of a main deck card.
public enum AttackType: OpenStringEnum {
    case strike
    case grapple
    case submission
    case unknown(String)

    public static let knownCases: [AttackType] = [.strike, .grapple, .submission]

    public init(rawValue: String) {
        switch rawValue {
        case "Strike": self = .strike
        case "Grapple": self = .grapple
        case "Submission": self = .submission
        default: self = .unknown(rawValue)
        }
    }

    public var rawValue: String {
        switch self {
        case .strike: "Strike"
        case .grapple: "Grapple"
        case .submission: "Submission"
        case .unknown(let value): value
        }
    }
}
