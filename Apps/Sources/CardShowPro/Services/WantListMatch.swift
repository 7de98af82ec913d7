import Foundation

/// A card in stock that satisfies a contact's want: who to call, and about what.
public struct WantListMatch {
    public let item: WantListItem
    public let card: InventoryCard

    public var contact: Contact? { item.contact }

    public init(item: WantListItem, card: InventoryCard) {
        self.item = item
        self.card = card
    }
}
