import Foundation
import NameText
import OpenSwiftData

/// What an import did.
public struct ImportResult {
    /// Cards new to the store.
    public var inserted: Int
    /// Cards whose ID was already in the store, updated from the file.
    public var updated: Int
    /// Want-list items the imported cards in stock satisfy.
    public var matches: [WantListMatch]
    /// New cards the file gives as sold or traded away: history, not stock, and without
    /// their sales or trades, which an export does not hold.
    public var insertedOutOfStock = 0
    /// The imported cards, saved, in the file's order.
    public var cards: [InventoryCard] = []

    public var total: Int { inserted + updated }
}

/// Puts checked records into the store, all in one save.
///
/// Every record is checked (values, the card validation rules, duplicate IDs) before
/// anything is written, and the save is one transaction, so a bad record anywhere
/// means nothing is imported. A record whose ID is already in the store updates that
/// card in place, keeping its sales and trades; fields the file leaves out keep their
/// values; a status that contradicts the card's sales or trades refuses the import.
/// (Inserting a second instance with the same ID would upsert, but the engine's
/// upsert empties the row's join-table relationships, such as `trades`.)
struct CardImporter {
    let context: ModelContext
    /// Whether the result names the want-list items the imported cards satisfy (a read of
    /// the want list after the save).
    var matchingWantList = true

    func importRecords(_ records: [ImportedRecord], progress: ProgressHandler? = nil) throws -> ImportResult {
        guard !records.isEmpty else { throw ImportError.empty }
        // Progress is in thirds: checking the records, applying them, and the save,
        // which on a large import takes as long as the rest. The engine reports nothing
        // while it saves, so the bar waits at two thirds and reaches the total only
        // once the save has returned.
        let total = records.count * 3
        var firstOfID: [UUID: (line: Int, index: Int)] = [:]
        var checked: [CheckedRecord] = []
        checked.reserveCapacity(records.count)
        for (index, record) in records.enumerated() {
            let values = try check(record)
            if let id = record.card.id {
                let line = record.lineOfField(.id)
                if let first = firstOfID[id] {
                    // A JSON export on one line puts both on line 1: their places tell them apart.
                    if first.line == line {
                        throw ImportError.duplicateIDOnOneLine(line: line, id: id.uuidString, card: index + 1, firstCard: first.index + 1)
                    }
                    throw ImportError.duplicateID(line: line, id: id.uuidString, firstLine: first.line)
                }
                firstOfID[id] = (line, index)
            }
            checked.append(values)
            progress?(index + 1, total)
        }

        var inserted = 0, updated = 0, insertedOutOfStock = 0
        var cards: [InventoryCard] = []
        cards.reserveCapacity(checked.count)
        func apply() throws {
            let existing = try existingCards(withIDs: Array(firstOfID.keys))
            var movedLater: [InventoryCard] = []
            for (index, values) in checked.enumerated() {
                if let id = values.record.id, let card = existing[id] {
                    try checkAgainstHistory(values, card, records[index])
                    let acquired = DealerDay.of(card.acquiredDate)
                    values.apply(to: card)
                    if DealerDay.of(card.acquiredDate) > acquired { movedLater.append(card) }
                    updated += 1
                    cards.append(card)
                } else {
                    let card = values.makeCard()
                    context.insert(card)
                    inserted += 1
                    if card.status != .inStock { insertedOutOfStock += 1 }
                    cards.append(card)
                }
                progress?(records.count + index + 1, total)
            }
            // A card's sales hold it to its day acquired at the save; its grading submissions do not.
            try GradingService(context: context).refuseAcquiredAfterSent(movedLater)
        }
        if firstOfID.isEmpty {
            // No record names a card, so none is looked up: every record is a new card with
            // a new ID, and one save (one transaction) writes them all or none.
            do {
                try apply()
                try context.save()
            } catch {
                context.rollback()
                throw error
            }
        } else {
            // From the lookup of the cards already there to the save, one transaction: a card
            // another import or server adds meanwhile is updated, not inserted over (which
            // would empty its trades), and a status checked against a card's sales still holds.
            try context.change(saving: true) { try apply() }
        }
        let matches = matchingWantList ? try WantListMatcher(context: context).matches(for: cards) : []
        progress?(total, total)
        return ImportResult(inserted: inserted, updated: updated, matches: matches, insertedOutOfStock: insertedOutOfStock, cards: cards)
    }

    /// The most IDs looked up by ID (the unique index of `id`); an import with more
    /// reads the inventory once instead, which costs less than that many lookups.
    static let largestLookupByID = 500

    /// The store's cards with these IDs, by ID: for a server's one posted card, one
    /// indexed lookup rather than a read of the whole inventory on every request.
    private func existingCards(withIDs ids: [UUID]) throws -> [UUID: InventoryCard] {
        guard !ids.isEmpty else { return [:] }
        let descriptor = ids.count <= Self.largestLookupByID
            ? FetchDescriptor<InventoryCard>(predicate: #Predicate { ids.contains($0.id) })
            : FetchDescriptor<InventoryCard>()
        return Dictionary(try context.fetch(descriptor).map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
    }

    /// A card's sales and trades say what became of it: an import may change
    /// everything else about the card, but not contradict them. (Bringing a sold card
    /// back into stock this way would let it be sold twice.)
    private func checkAgainstHistory(_ values: CheckedRecord, _ card: InventoryCard, _ record: ImportedRecord) throws {
        guard let status = values.status, status != card.status,
              !(card.sales ?? []).isEmpty || !(card.trades ?? []).isEmpty else { return }
        let refusal = CardShowError.statusContradictsHistory(card: card.displayName, imported: status, current: card.status)
        throw ImportError.contradictsHistory(line: record.lineOfField(.status), field: record.nameOfField(.status),
                                             value: record.writtenText(.status) ?? status.rawValue,
                                             reason: "is refused: \(ImportError.clause(refusal.description, lowercasingItsFirstWord: false))",
                                             card: record.placeOnSharedLine)
    }

    /// A record with its values parsed and the card rules checked.
    struct CheckedRecord {
        var record: InventoryExport.CardExport
        var condition: CardCondition
        var status: CardStatus?

        func makeCard() -> InventoryCard {
            let card = InventoryCard(name: record.name, setName: record.setName, cardNumber: record.cardNumber,
                                     variant: record.variant, condition: condition, marketValue: record.marketValue,
                                     purchaseCost: record.purchaseCost, acquiredDate: record.acquiredDate)
            if let id = record.id { card.id = id }
            apply(to: card)
            return card
        }

        func apply(to card: InventoryCard) {
            card.name = record.name
            card.setName = record.setName
            card.cardNumber = record.cardNumber
            card.variant = record.variant
            card.condition = condition
            card.purchaseCost = record.purchaseCost
            card.marketValue = record.marketValue
            card.acquiredDate = record.acquiredDate
            if let value = record.acquiredFrom { card.acquiredFrom = value }
            if let value = record.notes { card.notes = value }
            if let value = record.tags { card.tags = value }
            if let status { card.status = status }
            if let value = record.isGraded { card.isGraded = value }
            if let value = record.gradingCompany { card.gradingCompany = value.trimmingCharacters(in: .whitespaces).uppercased() }
            if let value = record.grade { card.grade = value }
            if let value = record.certNumber { card.certNumber = value }
            if let value = record.catalogID { card.catalogID = value }
            if let value = record.imageURL { card.imageURL = value }
            card.lastPriceUpdate = record.lastPriceUpdate ?? record.acquiredDate
        }
    }

    /// The longest text a field takes: as the cardshow tool's arguments (the longest path
    /// Linux accepts). Megabytes in a note are a mistake (a file pasted into it), and the
    /// server would otherwise store, and send back in every listing, whatever a client posts.
    static let longestText = 4_096

    /// The first text of `card` the import refuses (one of over 4,096 characters, a NUL, a
    /// name or set on more than one line): its field, the value as an error shows it, and
    /// why. `cardshow export` asks it too, of what another program stored.
    static func refusedText(in card: InventoryExport.CardExport) -> (field: CardField, shown: String, reason: String)? {
        let texts: [(CardField, String?)] = [
            (.name, card.name), (.setName, card.setName), (.cardNumber, card.cardNumber), (.variant, card.variant),
            (.condition, card.condition), (.acquiredFrom, card.acquiredFrom), (.notes, card.notes), (.status, card.status),
            (.gradingCompany, card.gradingCompany), (.certNumber, card.certNumber), (.catalogID, card.catalogID),
            (.imageURL, card.imageURL),
        ] + (card.tags ?? []).map { (.tags, $0) }
        for case let (field, text?) in texts where text.count > Self.longestText {
            return (field, String(text.prefix(20)) + "…", "is \(text.count) characters long: a field holds at most \(Self.longestText) characters")
        }
        // A NUL ends a text where C does: PostgreSQL refuses it, SQLite keeps what comes before.
        for case let (field, text?) in texts where text.unicodeScalars.contains("\u{0}") {
            return (field, text.replacingOccurrences(of: "\u{0}", with: "\\u{0}"), "has a NUL character (\\u{0}) in it: a field holds text without one")
        }
        // Names are one line, as every tool holds them (`NameLineBreak`); notes may have several.
        for (field, text) in [(CardField.name, card.name), (.setName, card.setName)] {
            if let problem = NameLineBreak(in: text) { return (field, text, problem.reason) }
        }
        return nil
    }

    func check(_ record: ImportedRecord) throws -> CheckedRecord {
        var card = record.card
        if let refused = Self.refusedText(in: card) { throw record.invalid(refused.field, refused.shown, refused.reason) }
        card.marketValue = Money.cents(card.marketValue)
        guard card.marketValue <= Money.maximum else {
            throw record.invalid(.marketValue, record.writtenText(.marketValue) ?? "\(record.card.marketValue)", DealerInput.amountExpectation)
        }
        if let cost = card.purchaseCost {
            card.purchaseCost = Money.cents(cost)
            guard Money.cents(cost) <= Money.maximum else {
                throw record.invalid(.purchaseCost, record.writtenText(.purchaseCost) ?? "\(cost)", DealerInput.amountExpectation)
            }
        }
        guard let condition = CardCondition(parsing: card.condition) else {
            throw record.invalid(.condition, card.condition,
                                 "is not a condition: use one of \(CardCondition.allCases.map(\.rawValue).joined(separator: ", ")) (or NM, LP, MP, HP, DMG)")
        }
        var status: CardStatus?
        if let text = card.status {
            guard let parsed = CardStatus.allCases.first(where: { $0.rawValue.lowercased() == text.lowercased().trimmingCharacters(in: .whitespaces) }) else {
                throw record.invalid(.status, text, "is not a status: use one of \(CardStatus.allCases.map(\.rawValue).joined(separator: ", "))")
            }
            status = parsed
        }
        let checked = CheckedRecord(record: card, condition: condition, status: status)
        // The same rules a save applies, on a card that is never inserted, so that the
        // error can name the line and field.
        do {
            try checked.makeCard().validate()
        } catch let error as ValidationError {
            let field = CardField.of(error)
            throw record.invalid(field, record.writtenText(field) ?? Self.text(of: field, in: card),
                                 "is refused: \(ImportError.clause(error.description))")
        }
        return checked
    }

    static func text(of field: CardField, in card: InventoryExport.CardExport) -> String {
        switch field {
        case .name: card.name
        case .setName: card.setName
        case .cardNumber: card.cardNumber
        case .marketValue: "\(card.marketValue)"
        case .purchaseCost: card.purchaseCost.map { "\($0)" } ?? ""
        case .grade: card.grade.map(String.init) ?? ""
        case .acquiredDate: ISO8601.string(from: card.acquiredDate)
        case .gradingCompany: card.gradingCompany ?? ""
        case .tags: card.tags?.first(where: \.isBlank) ?? ""
        default: ""
        }
    }
}
