/// The `deck_cards.slot_type` value: which part of a deck a card fills.
public enum SlotType: OpenStringEnum {
    case entrance
    case competitor
    case deck
    case finish
    case alternate
    case unknown(String)

    /// Known slot types in the order a deck lists them.
    public static let knownCases: [SlotType] = [.entrance, .competitor, .deck, .finish, .alternate]

    public init(rawValue: String) {
        switch rawValue {
        case "ENTRANCE": self = .entrance
        case "COMPETITOR": self = .competitor
        case "DECK": self = .deck
        case "FINISH": self = .finish
        case "ALTERNATE": self = .alternate
        default: self = .unknown(rawValue)
        }
    }

    public var rawValue: String {
        switch self {
        case .entrance: "ENTRANCE"
        case .competitor: "COMPETITOR"
        case .deck: "DECK"
        case .finish: "FINISH"
        case .alternate: "ALTERNATE"
        case .unknown(let value): value
        }
    }

    /// The valid `slot_number` values, or `nil` when any non-negative number is fine.
    public var slotNumbers: ClosedRange<Int>? {
        switch self {
        case .entrance: 0...0
        case .competitor: 0...3
        case .deck: 1...30
        case .finish, .alternate, .unknown: nil
        }
    }

    /// The highest slot number any slot takes. Finishes and alternates are numbered
    /// as they are added, without a rule's limit; a deck of a thousand of them is
    /// already no deck, and the bound keeps "the next free number" from overflowing.
    public static let highestNumber = 999
}
