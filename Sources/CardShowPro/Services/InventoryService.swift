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
    public func delete(_ card: InventoryCard, save: Bool = true) throws {
        context.delete(card)
        try context.saveOrRollBack(if: save)
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
