import Foundation
import OpenSwiftData

/// Cards entering and leaving inventory.
///
/// Like every service here, each call saves unless told not to (`save: false` lets a
/// caller batch many calls into one `context.save()`); a save that fails rolls the
/// context back, so the context never holds half an operation.
public struct InventoryService {
    public let context: ModelContext

    public init(context: ModelContext) {
        self.context = context
    }

    /// Adds a card to inventory and reports the want-list items it satisfies, with
    /// their contacts.
    @discardableResult
    public func add(_ card: InventoryCard, save: Bool = true) throws -> [WantListMatch] {
        card.roundAmountsToCents()
        context.insert(card)
        try context.saveOrRollBack(if: save)
        return try WantListMatcher(context: context).matches(for: card)
    }

    /// Adds many cards in one save (an import, the benchmark) and reports their matches.
    @discardableResult
    public func add(_ cards: [InventoryCard], save: Bool = true) throws -> [WantListMatch] {
        for card in cards {
            card.roundAmountsToCents()
            context.insert(card)
        }
        try context.saveOrRollBack(if: save)
        return try WantListMatcher(context: context).matches(for: cards)
    }

    /// Deletes a card. Its sales and trades stay as history, without it (the seed's
    /// `.nullify` rules).
    ///
    /// Another writer (a second server on the same database, the `cardshow` tool beside a
    /// server) may be deleting the same card at the same moment: one statement in the
    /// store decides which of them deletes it, and the other is told that the card is not
    /// there. The card's ID moves to one only this call knows, where the ID is still the
    /// one read, and then the card is deleted: a writer that finds the ID gone has lost.
    /// A save that fails gives the card its ID back; a process stopped between the two
    /// statements keeps the card whole, under the new ID.
    public func delete(_ card: InventoryCard, save: Bool = true) throws {
        let id = card.id
        let isSaved = !context.insertedModelsArray.contains { $0 === card }
        guard save, isSaved else {
            context.delete(card)
            try context.saveOrRollBack(if: save)
            return
        }
        let claim = UUID()
        let claimed = try context.update(InventoryCard.self, where: #Predicate { $0.id == id }, set: [.set(\.id, to: claim)])
        guard claimed > 0 else { throw CardShowError.notFound(kind: InventoryCard.dealerKind, id: id.uuidString) }
        context.delete(card)
        do {
            try context.saveOrRollBack()
        } catch {
            _ = try? context.update(InventoryCard.self, where: #Predicate { $0.id == claim }, set: [.set(\.id, to: id)])
            throw error
        }
    }
}

extension ModelContext {
    /// Saves, or on failure discards the pending changes so that nothing half done
    /// stays in the context, and rethrows.
    func saveOrRollBack(if shouldSave: Bool = true) throws {
        guard shouldSave else { return }
        do {
            try save()
        } catch {
            rollback()
            throw error
        }
    }
}
