import Foundation
import GRDB

/// Where a card went when placed in a deck, and what it replaced.
public struct SlotPlacement: Hashable, Sendable {
    public var placed: DeckCard
    /// The card that was in the slot before, if any.
    public var replaced: DeckCard?
}

/// Deck folders, decks and the cards in their slots.
///
/// Decks and deck folders are named by reference: an id or a name, ignoring case.
/// Every change runs in one transaction and stamps the deck's `modified_at`.
public struct DeckService: Sendable {
    public let database: GetDicedDatabase

    public init(database: GetDicedDatabase) {
        self.database = database
    }

    // MARK: - Deck folders

    /// Every deck folder, default ones first.
    public func deckFolders() throws -> [DeckFolder] {
        try database.read { db in
            try DeckFolder.fetchAll(
                db, sql: "SELECT * FROM deck_folders ORDER BY is_default DESC, display_order ASC, name ASC")
        }
    }

    /// The deck folder with id or name `reference`.
    public func deckFolder(_ reference: String) throws -> DeckFolder {
        try database.read { try Self.deckFolder(reference, in: $0) }
    }

    /// Creates a custom deck folder after the existing ones.
    @discardableResult
    public func createDeckFolder(named name: String) throws -> DeckFolder {
        let name = try Self.validName(name, kind: "deck folder")
        return try database.write { db in
            try Self.checkDeckFolderNameFree(name, in: db)
            let order = try Int.fetchOne(db, sql: "SELECT COALESCE(MAX(display_order), -1) + 1 FROM deck_folders") ?? 0
            let folder = DeckFolder(id: UUID().uuidString.lowercased(), name: name, isDefault: false, displayOrder: order)
            try folder.insert(db)
            return folder
        }
    }

    /// Renames a custom deck folder.
    @discardableResult
    public func renameDeckFolder(_ reference: String, to newName: String) throws -> DeckFolder {
        let newName = try Self.validName(newName, kind: "deck folder")
        return try database.write { db in
            var folder = try Self.deckFolder(reference, in: db)
            guard !folder.isDefault else {
                throw GetDicedError.defaultFolderProtected(folder: folder.name, action: "renamed")
            }
            if NameFolding.key(folder.name) != NameFolding.key(newName) {
                try Self.checkDeckFolderNameFree(newName, in: db)
            }
            folder.name = newName
            try folder.update(db)
            return folder
        }
    }

    /// Deletes a custom deck folder and, through the cascade, its decks.
    @discardableResult
    public func deleteDeckFolder(_ reference: String) throws -> DeckFolder {
        try database.write { db in
            let folder = try Self.deckFolder(reference, in: db)
            guard !folder.isDefault else {
                throw GetDicedError.defaultFolderProtected(folder: folder.name, action: "deleted")
            }
            try folder.delete(db)
            return folder
        }
    }

    // MARK: - Decks

    /// The decks of one deck folder, or of all of them when `folderReference` is
    /// `nil`, with their card counts.
    public func decks(inFolder folderReference: String? = nil) throws -> [DeckSummary] {
        guard let folderReference else {
            return try database.read { db in
                try DeckSummary.fetchAll(db, sql: """
                    SELECT d.*, COUNT(dc.card_uuid) as card_count
                    FROM decks d
                    JOIN deck_folders f ON f.id = d.folder_id
                    LEFT JOIN deck_cards dc ON d.id = dc.deck_id
                    GROUP BY d.id
                    ORDER BY f.is_default DESC, f.display_order ASC, d.name ASC
                    """)
            }
        }
        let folder = try deckFolder(folderReference)
        return try database.decksWithCardCount(inFolder: folder.id)
    }

    /// The deck with id or name `reference`.
    public func deck(_ reference: String) throws -> Deck {
        try database.read { try Self.deck(reference, in: $0) }
    }

    /// Creates an empty deck.
    @discardableResult
    public func createDeck(
        named name: String, inFolder folderReference: String = DeckFormat.singles.deckFolderID,
        spectacleType: SpectacleType = .valiant
    ) throws -> Deck {
        let name = try Self.validName(name, kind: "deck")
        return try database.write { db in
            try Self.createDeck(named: name, inFolder: folderReference, spectacleType: spectacleType,
                                in: db, now: database.clock())
        }
    }

    /// Renames a deck.
    @discardableResult
    public func renameDeck(_ reference: String, to newName: String) throws -> Deck {
        let newName = try Self.validName(newName, kind: "deck")
        return try database.write { db in
            var deck = try Self.deck(reference, in: db)
            if NameFolding.key(deck.name) != NameFolding.key(newName) {
                try Self.checkDeckNameFree(newName, in: db)
            }
            deck.name = newName
            deck.modifiedAt = database.clock()
            try deck.update(db)
            return deck
        }
    }

    /// Changes a deck's spectacle type.
    @discardableResult
    public func setSpectacleType(_ spectacleType: SpectacleType, of reference: String) throws -> Deck {
        try database.write { db in
            var deck = try Self.deck(reference, in: db)
            deck.spectacleType = spectacleType
            deck.modifiedAt = database.clock()
            try deck.update(db)
            return deck
        }
    }

    /// Deletes a deck and, through the cascade, its slots.
    @discardableResult
    public func deleteDeck(_ reference: String) throws -> Deck {
        try database.write { db in
            let deck = try Self.deck(reference, in: db)
            try deck.delete(db)
            return deck
        }
    }

    // MARK: - Slots

    /// Puts card `cardUUID` into a slot of the deck, replacing what was there.
    ///
    /// Without a `number`: the entrance goes to 0; a competitor to the first free
    /// slot 0-3; a main deck card to its own deck card number; finishes and
    /// alternates after the last one.
    @discardableResult
    public func place(
        _ cardUUID: String, in deckReference: String, slot: SlotType, number: Int? = nil
    ) throws -> SlotPlacement {
        try database.write { db in
            var deck = try Self.deck(deckReference, in: db)
            guard let card = try Card.fetchOne(db, key: cardUUID) else {
                throw GetDicedError.cardNotFound(cardUUID, suggestions: [])
            }
            let slotNumber = try Self.slotNumber(for: card, slot: slot, requested: number, deckID: deck.id, in: db)
            let key: [String: any DatabaseValueConvertible] = [
                "deck_id": deck.id, "slot_type": slot.rawValue, "slot_number": slotNumber,
            ]
            let replaced = try DeckCard.fetchOne(db, key: key)
            let placed = DeckCard(deckID: deck.id, cardUUID: card.dbUUID, slotType: slot, slotNumber: slotNumber)
            try placed.insert(db, onConflict: .replace)
            deck.modifiedAt = database.clock()
            try deck.update(db)
            return SlotPlacement(placed: placed, replaced: replaced)
        }
    }

    /// Empties one slot of the deck and returns what it held.
    @discardableResult
    public func removeCard(from deckReference: String, slot: SlotType, number: Int) throws -> DeckCard {
        try database.write { db in
            var deck = try Self.deck(deckReference, in: db)
            let key: [String: any DatabaseValueConvertible] = [
                "deck_id": deck.id, "slot_type": slot.rawValue, "slot_number": number,
            ]
            guard let removed = try DeckCard.fetchOne(db, key: key) else {
                throw GetDicedError.slotEmpty(deck: deck.name, slot: slot.rawValue, number: number)
            }
            try removed.delete(db)
            deck.modifiedAt = database.clock()
            try deck.update(db)
            return removed
        }
    }

    // MARK: - Helpers shared inside transactions

    static func deckFolder(_ reference: String, in db: Database) throws -> DeckFolder {
        if let folder = try DeckFolder.fetchOne(db, key: reference) { return folder }
        let matches = try DeckFolder.fetchAll(
            db, sql: "SELECT * FROM deck_folders WHERE getdiced_fold(name) = getdiced_fold(?)", arguments: [reference])
        guard let folder = matches.first else { throw GetDicedError.deckFolderNotFound(reference) }
        return folder
    }

    static func deck(_ reference: String, in db: Database) throws -> Deck {
        if let deck = try Deck.fetchOne(db, key: reference) { return deck }
        let matches = try Deck.fetchAll(
            db, sql: "SELECT * FROM decks WHERE getdiced_fold(name) = getdiced_fold(?) ORDER BY id", arguments: [reference])
        switch matches.count {
        case 0: throw GetDicedError.deckNotFound(reference)
        case 1: return matches[0]
        default: throw GetDicedError.ambiguousDeck(reference, ids: matches.map(\.id))
        }
    }

    static func createDeck(
        named name: String, inFolder folderReference: String, spectacleType: SpectacleType,
        in db: Database, now: Int64
    ) throws -> Deck {
        let folder = try deckFolder(folderReference, in: db)
        try checkDeckNameFree(name, in: db)
        let deck = Deck(
            id: UUID().uuidString.lowercased(), folderID: folder.id, name: name,
            spectacleType: spectacleType, createdAt: now, modifiedAt: now)
        try deck.insert(db)
        return deck
    }

    static func validName(_ name: String, kind: String) throws -> String {
        try ValidName.checked(name, kind: kind)
    }

    // Names must be unique because commands refer to decks by name.
    static func checkDeckNameFree(_ name: String, in db: Database) throws {
        let taken = try Bool.fetchOne(
            db, sql: "SELECT EXISTS (SELECT 1 FROM decks WHERE getdiced_fold(name) = getdiced_fold(?))", arguments: [name]) ?? false
        if taken { throw GetDicedError.nameTaken(kind: "deck", name: name) }
    }

    static func checkDeckFolderNameFree(_ name: String, in db: Database) throws {
        let taken = try Bool.fetchOne(
            db, sql: "SELECT EXISTS (SELECT 1 FROM deck_folders WHERE getdiced_fold(name) = getdiced_fold(?) OR id = ?)",
            arguments: [name, name]) ?? false
        if taken { throw GetDicedError.nameTaken(kind: "deck folder", name: name) }
    }

    static func slotNumber(
        for card: Card, slot: SlotType, requested: Int?, deckID: String, in db: Database
    ) throws -> Int {
        if case .unknown(let raw) = slot {
            throw GetDicedError.invalidSlot(
                slot: raw, number: requested, reason: "use entrance, competitor, deck, finish or alternate")
        }
        if let requested {
            if let range = slot.slotNumbers, !range.contains(requested) {
                throw GetDicedError.invalidSlot(
                    slot: slot.rawValue, number: requested,
                    reason: "\(slot.rawValue) slots are numbered \(range.lowerBound)-\(range.upperBound)")
            }
            guard (0...SlotType.highestNumber).contains(requested) else {
                throw GetDicedError.invalidSlot(slot: slot.rawValue, number: requested,
                                                reason: "slot numbers are 0 to \(SlotType.highestNumber)")
            }
            return requested
        }
        let used = try Set(Int.fetchAll(
            db, sql: "SELECT slot_number FROM deck_cards WHERE deck_id = ? AND slot_type = ?",
            arguments: [deckID, slot.rawValue]))
        switch slot {
        case .entrance:
            return 0
        case .competitor:
            guard let free = (0...3).first(where: { !used.contains($0) }) else {
                throw GetDicedError.invalidSlot(
                    slot: slot.rawValue, number: nil, reason: "all 4 competitor slots are filled; name one, 0-3")
            }
            return free
        case .deck:
            guard let number = card.deckCardNumber, (1...30).contains(number) else {
                throw GetDicedError.invalidSlot(
                    slot: slot.rawValue, number: nil,
                    reason: "'\(card.name)' has no deck card number; name a slot, 1-30")
            }
            return number
        default:
            // Compared before adding one: a slot number another program stored at `Int.max`
            // stopped `deck add` with an arithmetic overflow.
            let highest = used.max() ?? -1
            let next = highest < SlotType.highestNumber ? highest + 1 : SlotType.highestNumber + 1
            guard next <= SlotType.highestNumber else {
                throw GetDicedError.invalidSlot(
                    slot: slot.rawValue, number: nil,
                    reason: "\(slot.rawValue) slot \(SlotType.highestNumber) is taken; name a free slot, 0-\(SlotType.highestNumber)")
            }
            return next
        }
    }
}
