import GRDB

/// One slot of a deck as validation sees it: the card, or `nil` when the card left
/// the catalog in a sync.
public struct DeckSlot: Hashable, Sendable {
    public var slotType: SlotType
    public var slotNumber: Int
    public var cardUUID: String
    public var card: Card?

    public init(slotType: SlotType, slotNumber: Int, cardUUID: String, card: Card?) {
        self.slotType = slotType
        self.slotNumber = slotNumber
        self.cardUUID = cardUUID
        self.card = card
    }
}

/// A rule of deck building that a deck breaks.
public enum DeckViolation: Hashable, Sendable, CustomStringConvertible, Encodable {
    case unknownSpectacleType(String)
    case missingEntrance
    case notAnEntrance(name: String, cardType: CardType)
    case wrongCompetitorCount(format: DeckFormat, expected: Int, found: Int)
    case wrongCompetitorKind(slot: Int, name: String, cardType: CardType, format: DeckFormat)
    case missingDeckSlots([Int])
    case slotOutOfRange(slotType: SlotType, slot: Int)
    case notAMainDeckCard(slot: Int, name: String, cardType: CardType)
    case wrongDeckCardNumber(slot: Int, name: String, number: Int?)
    case missingFinish
    case notAFinish(slot: Int, name: String)
    case bannedCard(slotType: SlotType, slot: Int, name: String)
    case cardNotInCatalog(slotType: SlotType, slot: Int, cardUUID: String)
    case unknownSlotType(String, slot: Int)

    /// A stable identifier of the rule, for scripts.
    public var rule: String {
        switch self {
        case .unknownSpectacleType: "unknown_spectacle_type"
        case .missingEntrance: "missing_entrance"
        case .notAnEntrance: "not_an_entrance"
        case .wrongCompetitorCount: "wrong_competitor_count"
        case .wrongCompetitorKind: "wrong_competitor_kind"
        case .missingDeckSlots: "missing_deck_slots"
        case .slotOutOfRange: "slot_out_of_range"
        case .notAMainDeckCard: "not_a_main_deck_card"
        case .wrongDeckCardNumber: "wrong_deck_card_number"
        case .missingFinish: "missing_finish"
        case .notAFinish: "not_a_finish"
        case .bannedCard: "banned_card"
        case .cardNotInCatalog: "card_not_in_catalog"
        case .unknownSlotType: "unknown_slot_type"
        }
    }

    public var description: String {
        switch self {
        case .unknownSpectacleType(let value):
            "spectacle type '\(value)' is neither NEWMAN nor VALIANT"
        case .missingEntrance:
            "no entrance card"
        case .notAnEntrance(let name, let cardType):
            "entrance '\(name)' is a \(cardType), not an EntranceCard"
        case .wrongCompetitorCount(let format, let expected, let found):
            "\(format.name) needs \(expected) \(expected == 1 ? "competitor" : "competitors"); the deck has \(found)"
        case .wrongCompetitorKind(let slot, let name, let cardType, let format):
            "competitor \(slot) '\(name)' is a \(cardType), which \(format.name) does not allow"
        case .missingDeckSlots(let slots):
            "main deck \(slots.count == 1 ? "slot" : "slots") \(Self.ranges(slots)) empty; it needs 30 cards"
        case .slotOutOfRange(let slotType, let slot):
            "\(slotType) slot \(slot) does not exist"
        case .notAMainDeckCard(let slot, let name, let cardType):
            "deck slot \(slot) '\(name)' is a \(cardType), not a MainDeckCard"
        case .wrongDeckCardNumber(let slot, let name, let number):
            "deck slot \(slot) holds '\(name)', which is card #\(number.map(String.init) ?? "none")"
        case .missingFinish:
            "no finish card"
        case .notAFinish(let slot, let name):
            "finish \(slot) '\(name)' is not a finish"
        case .bannedCard(let slotType, let slot, let name):
            "'\(name)' (\(slotType) \(slot)) is banned"
        case .cardNotInCatalog(let slotType, let slot, let uuid):
            "\(slotType) \(slot) holds card \(uuid), which is no longer in the catalog"
        case .unknownSlotType(let value, let slot):
            "slot type '\(value)' (number \(slot)) is not one of ENTRANCE, COMPETITOR, DECK, FINISH, ALTERNATE"
        }
    }

    /// `[2, 3, 4, 9]` as `2-4, 9`.
    static func ranges(_ numbers: [Int]) -> String {
        var parts: [String] = []
        var index = numbers.startIndex
        while index < numbers.endIndex {
            var end = index
            while end + 1 < numbers.endIndex, numbers[end + 1] == numbers[end] + 1 { end += 1 }
            parts.append(end == index ? "\(numbers[index])" : "\(numbers[index])-\(numbers[end])")
            index = end + 1
        }
        return parts.joined(separator: ", ")
    }

    private enum CodingKeys: String, CodingKey { case rule, message }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(rule, forKey: .rule)
        try container.encode(description, forKey: .message)
    }
}

/// The result of validating one deck.
public struct DeckValidationReport: Hashable, Sendable, Encodable {
    public var deck: Deck
    public var format: DeckFormat
    /// Every rule the deck breaks, in the order of the deck's sections.
    public var violations: [DeckViolation]

    public var isValid: Bool { violations.isEmpty }

    private enum CodingKeys: String, CodingKey { case deck, format, valid, violations }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(deck, forKey: .deck)
        try container.encode(format, forKey: .format)
        try container.encode(isValid, forKey: .valid)
        try container.encode(violations, forKey: .violations)
    }
}

/// The deck-building rules of each format.
///
/// A deck has one entrance (an EntranceCard); as many competitors as its format
/// asks, of a kind the format allows; 30 main deck cards where slot N holds a
/// MainDeckCard numbered N; at least one finish; and no banned card anywhere.
/// Alternates may be any card.
public enum DeckValidation {
    /// Every rule that `slots` break for `format`; empty when the deck is legal.
    public static func violations(
        format: DeckFormat, spectacleType: SpectacleType, slots: [DeckSlot]
    ) -> [DeckViolation] {
        var violations: [DeckViolation] = []
        if !spectacleType.isKnown {
            violations.append(.unknownSpectacleType(spectacleType.rawValue))
        }
        let sorted = slots.sorted { ($0.slotNumber, $0.cardUUID) < ($1.slotNumber, $1.cardUUID) }
        func inSlot(_ type: SlotType) -> [DeckSlot] { sorted.filter { $0.slotType == type } }

        for slot in sorted {
            if case .unknown(let raw) = slot.slotType {
                violations.append(.unknownSlotType(raw, slot: slot.slotNumber))
            } else if let range = slot.slotType.slotNumbers, !range.contains(slot.slotNumber) {
                violations.append(.slotOutOfRange(slotType: slot.slotType, slot: slot.slotNumber))
            }
        }

        let entrances = inSlot(.entrance)
        if entrances.isEmpty { violations.append(.missingEntrance) }
        for case let card? in entrances.map(\.card) where card.cardType != .entrance {
            violations.append(.notAnEntrance(name: card.name, cardType: card.cardType))
        }

        let competitors = inSlot(.competitor)
        if competitors.count != format.competitorCount {
            violations.append(.wrongCompetitorCount(
                format: format, expected: format.competitorCount, found: competitors.count))
        }
        for slot in competitors {
            guard let card = slot.card, !format.allows(competitor: card.cardType) else { continue }
            violations.append(.wrongCompetitorKind(
                slot: slot.slotNumber, name: card.name, cardType: card.cardType, format: format))
        }

        let deck = inSlot(.deck)
        let missing = (1...30).filter { number in !deck.contains { $0.slotNumber == number } }
        if !missing.isEmpty { violations.append(.missingDeckSlots(missing)) }
        for slot in deck {
            guard let card = slot.card else { continue }
            if card.cardType != .mainDeck {
                violations.append(.notAMainDeckCard(slot: slot.slotNumber, name: card.name, cardType: card.cardType))
            } else if card.deckCardNumber != slot.slotNumber {
                violations.append(.wrongDeckCardNumber(slot: slot.slotNumber, name: card.name, number: card.deckCardNumber))
            }
        }

        let finishes = inSlot(.finish)
        if finishes.isEmpty { violations.append(.missingFinish) }
        for slot in finishes {
            guard let card = slot.card, !card.isFinish else { continue }
            violations.append(.notAFinish(slot: slot.slotNumber, name: card.name))
        }

        for type in SlotType.knownCases {
            for slot in inSlot(type) {
                if let card = slot.card {
                    if card.isBanned {
                        violations.append(.bannedCard(slotType: type, slot: slot.slotNumber, name: card.name))
                    }
                } else {
                    violations.append(.cardNotInCatalog(slotType: type, slot: slot.slotNumber, cardUUID: slot.cardUUID))
                }
            }
        }
        return violations
    }
}

extension DeckFormat {
    /// Whether a competitor of `cardType` may play in this format.
    ///
    /// Singles, Tornado and Trios take their own kind of competitor card; Tag, like
    /// the Android app's picker, takes any competitor.
    public func allows(competitor cardType: CardType) -> Bool {
        switch self {
        case .singles: cardType == .singleCompetitor
        case .tornado: cardType == .tornadoCompetitor
        case .trios: cardType == .trioCompetitor || cardType == .triosCompetitor
        case .tag: cardType.isCompetitor
        }
    }
}

extension Card {
    /// Whether the card can fill a finish slot: a FinishCard, or a main deck card
    /// played as a finish (how the bundled catalog marks them).
    public var isFinish: Bool {
        cardType == .finish || playOrder == .finish
    }
}

extension DeckService {
    /// Validates a deck against `format`, or against the format of its folder.
    ///
    /// Throws ``GetDicedError/deckFormatUnknown(deck:folder:)`` for a deck in a
    /// custom folder when no format is given.
    public func validate(_ deckReference: String, format: DeckFormat? = nil) throws -> DeckValidationReport {
        try database.read { db in
            let deck = try Self.deck(deckReference, in: db)
            guard let format = format ?? DeckFormat(deckFolderID: deck.folderID) else {
                let folder = try DeckFolder.fetchOne(db, key: deck.folderID)
                throw GetDicedError.deckFormatUnknown(deck: deck.name, folder: folder?.name ?? deck.folderID)
            }
            let rows = try Row.fetchAll(db, sql: """
                SELECT dc.slot_type, dc.slot_number, dc.card_uuid, c.*
                FROM deck_cards dc
                LEFT JOIN cards c ON c.db_uuid = dc.card_uuid
                WHERE dc.deck_id = ?
                """, arguments: [deck.id])
            let slots = try rows.map { row in
                DeckSlot(
                    slotType: try row.checked("slot_type"), slotNumber: try row.checked("slot_number"), cardUUID: try row.checked("card_uuid"),
                    card: try row.checked("db_uuid", as: String?.self) == nil ? nil : try Card(row: row))
            }
            let violations = DeckValidation.violations(format: format, spectacleType: deck.spectacleType, slots: slots)
            return DeckValidationReport(deck: deck, format: format, violations: violations)
        }
    }
}
