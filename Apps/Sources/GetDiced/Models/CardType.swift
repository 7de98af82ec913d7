/// The `cards.card_type` value.
public enum CardType: OpenStringEnum {
    case mainDeck
    case singleCompetitor
    case tornadoCompetitor
    /// `TriosCompetitorCard`, the spelling in the schema document.
    case triosCompetitor
    /// `TrioCompetitorCard`, the spelling in the bundled catalog.
    case trioCompetitor
    case tagCompetitor
    case entrance
    case finish
    case spectacle
    case unknown(String)

    public static let knownCases: [CardType] = [
        .mainDeck, .singleCompetitor, .tornadoCompetitor, .triosCompetitor, .trioCompetitor,
        .tagCompetitor, .entrance, .finish, .spectacle,
    ]

    public init(rawValue: String) {
        switch rawValue {
        case "MainDeckCard": self = .mainDeck
        case "SingleCompetitorCard": self = .singleCompetitor
        case "TornadoCompetitorCard": self = .tornadoCompetitor
        case "TriosCompetitorCard": self = .triosCompetitor
        case "TrioCompetitorCard": self = .trioCompetitor
        case "TagCompetitorCard": self = .tagCompetitor
        case "EntranceCard": self = .entrance
        case "FinishCard": self = .finish
        case "SpectacleCard": self = .spectacle
        default: self = .unknown(rawValue)
        }
    }

    public var rawValue: String {
        switch self {
        case .mainDeck: "MainDeckCard"
        case .singleCompetitor: "SingleCompetitorCard"
        case .tornadoCompetitor: "TornadoCompetitorCard"
        case .triosCompetitor: "TriosCompetitorCard"
        case .trioCompetitor: "TrioCompetitorCard"
        case .tagCompetitor: "TagCompetitorCard"
        case .entrance: "EntranceCard"
        case .finish: "FinishCard"
        case .spectacle: "SpectacleCard"
        case .unknown(let value): value
        }
    }

    /// Whether the card can fill a deck's competitor slot.
    public var isCompetitor: Bool {
        switch self {
        case .singleCompetitor, .tornadoCompetitor, .triosCompetitor, .trioCompetitor, .tagCompetitor:
            true
        case .unknown(let value):
            // Newer catalogs name new competitor kinds the same way.
            value.hasSuffix("CompetitorCard")
        default:
            false
        }
    }
}
