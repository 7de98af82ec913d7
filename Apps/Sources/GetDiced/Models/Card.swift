import GRDB

/// A row of `cards`: one card of the SRG catalog.
public struct Card: Codable, Hashable, Sendable, Identifiable, FetchableRecord, PersistableRecord {
    public static let databaseTableName = "cards"

    public var dbUUID: String
    public var name: String
    public var cardType: CardType
    public var rulesText: String?
    public var errataText: String?
    public var isBanned: Bool
    public var releaseSet: String?
    public var srgURL: String?
    public var srgpcURL: String?
    public var comments: String?
    /// Comma-separated, as stored.
    public var tags: String?
    public var power: Int?
    public var agility: Int?
    public var strike: Int?
    public var submission: Int?
    public var grapple: Int?
    public var technique: Int?
    public var division: String?
    public var gender: String?
    /// The main deck number, 1 to 30.
    public var deckCardNumber: Int?
    public var attackType: AttackType?
    public var playOrder: PlayOrder?
    /// Milliseconds since 1970.
    public var syncedAt: Int64

    public var id: String { dbUUID }

    public init(
        dbUUID: String, name: String, cardType: CardType, rulesText: String? = nil,
        errataText: String? = nil, isBanned: Bool = false, releaseSet: String? = nil,
        srgURL: String? = nil, srgpcURL: String? = nil, comments: String? = nil, tags: String? = nil,
        power: Int? = nil, agility: Int? = nil, strike: Int? = nil, submission: Int? = nil,
        grapple: Int? = nil, technique: Int? = nil, division: String? = nil, gender: String? = nil,
        deckCardNumber: Int? = nil, attackType: AttackType? = nil, playOrder: PlayOrder? = nil,
        syncedAt: Int64
    ) {
        self.dbUUID = dbUUID
        self.name = name
        self.cardType = cardType
        self.rulesText = rulesText
        self.errataText = errataText
        self.isBanned = isBanned
        self.releaseSet = releaseSet
        self.srgURL = srgURL
        self.srgpcURL = srgpcURL
        self.comments = comments
        self.tags = tags
        self.power = power
        self.agility = agility
        self.strike = strike
        self.submission = submission
        self.grapple = grapple
        self.technique = technique
        self.division = division
        self.gender = gender
        self.deckCardNumber = deckCardNumber
        self.attackType = attackType
        self.playOrder = playOrder
        self.syncedAt = syncedAt
    }

    public enum CodingKeys: String, CodingKey, CaseIterable {
        case dbUUID = "db_uuid"
        case name
        case cardType = "card_type"
        case rulesText = "rules_text"
        case errataText = "errata_text"
        case isBanned = "is_banned"
        case releaseSet = "release_set"
        case srgURL = "srg_url"
        case srgpcURL = "srgpc_url"
        case comments
        case tags
        case power
        case agility
        case strike
        case submission
        case grapple
        case technique
        case division
        case gender
        case deckCardNumber = "deck_card_number"
        case attackType = "atk_type"
        case playOrder = "play_order"
        case syncedAt = "synced_at"
    }

    /// Columns for the query interface.
    public enum Columns {
        public static let dbUUID = Column(CodingKeys.dbUUID)
        public static let name = Column(CodingKeys.name)
        public static let cardType = Column(CodingKeys.cardType)
        public static let deckCardNumber = Column(CodingKeys.deckCardNumber)
    }

    // Written by hand so that JSON output always has every key, with `null` for
    // missing values: scripts read `--json` output and should not guess.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(dbUUID, forKey: .dbUUID)
        try container.encode(name, forKey: .name)
        try container.encode(cardType, forKey: .cardType)
        try container.encode(rulesText, forKey: .rulesText)
        try container.encode(errataText, forKey: .errataText)
        try container.encode(isBanned, forKey: .isBanned)
        try container.encode(releaseSet, forKey: .releaseSet)
        try container.encode(srgURL, forKey: .srgURL)
        try container.encode(srgpcURL, forKey: .srgpcURL)
        try container.encode(comments, forKey: .comments)
        try container.encode(tags, forKey: .tags)
        try container.encode(power, forKey: .power)
        try container.encode(agility, forKey: .agility)
        try container.encode(strike, forKey: .strike)
        try container.encode(submission, forKey: .submission)
        try container.encode(grapple, forKey: .grapple)
        try container.encode(technique, forKey: .technique)
        try container.encode(division, forKey: .division)
        try container.encode(gender, forKey: .gender)
        try container.encode(deckCardNumber, forKey: .deckCardNumber)
        try container.encode(attackType, forKey: .attackType)
        try container.encode(playOrder, forKey: .playOrder)
        try container.encode(syncedAt, forKey: .syncedAt)
    }
}
