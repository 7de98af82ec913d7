import Foundation
import OpenSwiftData

/// Matches want-list items against cards in stock, by `WantListItem.matches(_:)`:
/// same name, and same set and variant where the item gives them, within its maximum
/// price.
///
/// The fetches narrow by name with a case- and accent-insensitive search; the exact
/// rule runs in Swift on what comes back.
public struct WantListMatcher {
    public let context: ModelContext

    public init(context: ModelContext) {
        self.context = context
    }

    /// The want-list items `card` satisfies, most important first (the item's
    /// priority, then its contact's).
    public func matches(for card: InventoryCard) throws -> [WantListMatch] {
        guard card.status == .inStock else { return [] }
        let name = card.name.trimmingCharacters(in: .whitespaces)
        let items = try context.fetch(FetchDescriptor<WantListItem>(
            predicate: #Predicate { $0.cardName.localizedStandardContains(name) }))
        return Self.ordered(items.filter { $0.matches(card) }.map { WantListMatch(item: $0, card: card) })
    }

    /// The matches of several cards entering inventory at once (an import, a trade):
    /// the want list is read once.
    public func matches(for cards: [InventoryCard]) throws -> [WantListMatch] {
        let inStock = cards.filter { $0.status == .inStock }
        guard !inStock.isEmpty else { return [] }
        let items = try context.fetch(FetchDescriptor<WantListItem>())
        guard !items.isEmpty else { return [] }
        let byName = Dictionary(grouping: items) { Self.key($0.cardName) }
        var result: [WantListMatch] = []
        for card in inStock {
            for item in byName[Self.key(card.name)] ?? [] where item.matches(card) {
                result.append(WantListMatch(item: item, card: card))
            }
        }
        return Self.ordered(result)
    }

    /// The cards in stock that satisfy `item`, most valuable first.
    public func cards(matching item: WantListItem) throws -> [InventoryCard] {
        let name = item.cardName.trimmingCharacters(in: .whitespaces)
        let descriptor = FetchDescriptor<InventoryCard>(
            predicate: #Predicate { $0.name.localizedStandardContains(name) },
            sortBy: [SortDescriptor(\.marketValue, order: .reverse)])
        return try context.fetch(descriptor).filter { item.matches($0) }
    }

    /// Every want-list item with a card in stock that satisfies it.
    public func allMatches() throws -> [WantListMatch] {
        let items = try context.fetch(FetchDescriptor<WantListItem>())
        guard !items.isEmpty else { return [] }
        let inStock = CardStatus.inStock
        let cards = try context.fetch(FetchDescriptor<InventoryCard>(predicate: #Predicate { $0.status == inStock }))
        let cardsByName = Dictionary(grouping: cards) { Self.key($0.name) }
        var result: [WantListMatch] = []
        for item in items {
            for card in cardsByName[Self.key(item.cardName)] ?? [] where item.matches(card) {
                result.append(WantListMatch(item: item, card: card))
            }
        }
        return Self.ordered(result)
    }

    /// The form of a name two matching names share.
    static func key(_ name: String) -> String {
        WantListItem.comparable(name)
    }

    static func ordered(_ matches: [WantListMatch]) -> [WantListMatch] {
        matches.sorted { lhs, rhs in
            let l = (lhs.item.priority.rank, lhs.contact?.priority.rank ?? 3, lhs.item.createdDate)
            let r = (rhs.item.priority.rank, rhs.contact?.priority.rank ?? 3, rhs.item.createdDate)
            return l < r
        }
    }
}
