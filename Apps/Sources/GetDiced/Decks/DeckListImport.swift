import GRDB

/// A deck list line whose card the catalog cannot resolve.
public struct UnresolvedDeckListEntry: Hashable, Sendable, CustomStringConvertible {
    public var entry: DeckList.Entry
    public var reason: String

    public var description: String {
        let place = entry.line > 0 ? "line \(entry.line) (\(entry.slotLabel))" : entry.slotLabel
        return "\(place): \(reason)"
    }
}

/// What importing a deck list created.
public struct DeckImportResult: Hashable, Sendable {
    public var deck: Deck
    /// The slots filled.
    public var placed: [DeckCard]
    /// Lines left out; empty unless the import allowed unresolved cards.
    public var unresolved: [UnresolvedDeckListEntry]
}

extension DeckService {
    /// Creates a deck from `list`, resolving each card against the catalog.
    ///
    /// The deck is named `name`, else the list's `Name:`; it goes into deck folder
    /// `folderReference`, else the folder of the list's `Format:`, else Singles.
    /// When a card cannot be resolved the import throws
    /// ``GetDicedError/unresolvedDeckList(_:)`` listing every such line and creates
    /// nothing, unless `allowUnresolved` is set, in which case those lines are left
    /// out and returned.
    ///
    /// `progress` is called with (steps done, total steps): one step per line
    /// resolved, one per slot placed, and the last one when the deck is saved.
    public func importDeckList(
        _ list: DeckList, name: String? = nil, inFolder folderReference: String? = nil,
        allowUnresolved: Bool = false, progress: ((Int, Int) -> Void)? = nil
    ) throws -> DeckImportResult {
        guard let givenName = name ?? list.name else {
            throw GetDicedError.malformedDeckList(line: nil, reason: "it has no 'Name:' line; give the deck a name")
        }
        let deckName = try Self.validName(givenName, kind: "deck")
        let folder = folderReference ?? list.format?.deckFolderID ?? DeckFormat.singles.deckFolderID
        let lineCount = list.entries.count
        let totalSteps = 2 * lineCount + 1
        let result = try database.write { db in
            var resolved: [(DeckList.Entry, Card)] = []
            var unresolved: [UnresolvedDeckListEntry] = []
            let names = try CardNameIndex(db)
            for (index, entry) in list.entries.enumerated() {
                if let card = try Self.resolve(entry, in: db, names: names, unresolved: &unresolved) {
                    resolved.append((entry, card))
                }
                progress?(index + 1, totalSteps)
            }
            if !unresolved.isEmpty, !allowUnresolved {
                throw GetDicedError.unresolvedDeckList(unresolved.map(\.description))
            }
            let deck = try Self.createDeck(
                named: deckName, inFolder: folder, spectacleType: list.spectacleType ?? .valiant,
                in: db, now: database.clock())
            var nextNumber: [SlotType: Int] = [:]
            var placed: [DeckCard] = []
            for (index, (entry, card)) in resolved.enumerated() {
                let number = entry.slotNumber ?? nextNumber[entry.slotType, default: 0]
                nextNumber[entry.slotType] = number + 1
                let slot = DeckCard(deckID: deck.id, cardUUID: card.dbUUID, slotType: entry.slotType, slotNumber: number)
                try slot.insert(db)
                placed.append(slot)
                // Left-out lines place nothing; count their steps as done.
                progress?(lineCount + index + 1 + unresolved.count, totalSteps)
            }
            return DeckImportResult(deck: deck, placed: placed, unresolved: unresolved)
        }
        // The transaction has committed: only now is the deck saved.
        progress?(totalSteps, totalSteps)
        return result
    }

    /// Finds the card a line names: by its id if the catalog has it, else by name,
    /// narrowed by what the slot can hold when several cards share the name.
    /// Returns `nil` after recording why in `unresolved`.
    static func resolve(
        _ entry: DeckList.Entry, in db: Database, names: CardNameIndex, unresolved: inout [UnresolvedDeckListEntry]
    ) throws -> Card? {
        func failure(_ reason: String) -> Card? {
            unresolved.append(UnresolvedDeckListEntry(entry: entry, reason: reason))
            return nil
        }
        if let uuid = entry.cardUUID, let card = try Card.fetchOne(db, key: uuid) {
            return card
        }
        guard !entry.cardName.isEmpty else {
            return failure("card \(entry.cardUUID ?? "") is not in the catalog")
        }
        let candidates = try names.cards(named: entry.cardName, in: db)
        if candidates.count == 1 { return candidates[0] }
        guard !candidates.isEmpty else {
            // The catalog's "Weather Balloon": the quotation marks are part of the name.
            let quoted = try names.cards(named: "\"\(entry.cardName)\"", in: db)
            if quoted.count == 1 {
                return failure("no card named '\(entry.cardName)' in the catalog, but one is named \(quoted[0].name), "
                    + "in quotation marks that are part of its name: write them too")
            }
            return failure("no card named '\(entry.cardName)' in the catalog")
        }
        let fitting = candidates.filter { card in
            switch entry.slotType {
            case .entrance: card.cardType == .entrance
            case .competitor: card.cardType.isCompetitor
            case .deck: card.deckCardNumber == entry.slotNumber
            case .finish: card.isFinish
            default: true
            }
        }
        if fitting.count == 1 { return fitting[0] }
        let ids = (fitting.isEmpty ? candidates : fitting).map(\.dbUUID)
        return failure(
            "\(ids.count) cards are named '\(entry.cardName)'; add the id of one in brackets: \(ids.joined(separator: ", "))")
    }
}
