/// The `decks.spectacle_type` value.
public enum SpectacleType: OpenStringEnum {
    case newman
    case valiant
    case unknown(String)

    public static let knownCases: [SpectacleType] = [.newman, .valiant]

    public init(rawValue: String) {
        switch rawValue {
        case "NEWMAN": self = .newman
        case "VALIANT": self = .valiant
        default: self = .unknown(rawValue)
        }
    }

    public var rawValue: String {
        switch self {
        case .newman: "NEWMAN"
        case .valiant: "VALIANT"
        case .unknown(let value): value
        }
    }
}
