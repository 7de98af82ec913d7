import Foundation
import OpenSwiftData

/// A card a contact is looking for.
@Model
public final class WantListItem {
    #Index<WantListItem>([\.cardName])

    @Attribute(.unique) public var id: UUID
    public var cardName: String
    /// When given, only cards of this set match.
    public var setName: String?
    /// When given, only cards of this variant match.
    public var variant: String?
    /// When given, only cards whose market value is at most this match.
    public var maxPrice: Double?
    public var priority: ContactPriority
    public var notes: String?
    public var createdDate: Date

    // Relationships
    @Relationship(inverse: \Contact.wantList) public var contact: Contact?

    public init(cardName: String, priority: ContactPriority = .medium, createdDate: Date = Date()) {
        self.id = UUID()
        self.cardName = cardName
        self.priority = priority
        self.createdDate = createdDate
    }

    // MARK: Computed

    /// True when a card in stock satisfies this want (see `matches(_:)`).
    ///
    /// The seed leaves this a placeholder `false`; here it asks the item's context, so
    /// it is always current. False for an item not in a context.
    public var isMatch: Bool {
        guard let context = modelContext else { return false }
        return ((try? WantListMatcher(context: context).cards(matching: self)) ?? []).isEmpty == false
    }

    /// Whether `card` satisfies this want: the same name, and the same set and variant
    /// where the item names them (ignoring case, accents and surrounding spaces),
    /// within the maximum price where there is one, and still in stock.
    public func matches(_ card: InventoryCard) -> Bool {
        guard card.status == .inStock, WantListItem.same(cardName, card.name) else { return false }
        if let setName, !setName.isEmpty, !WantListItem.same(setName, card.setName) { return false }
        if let variant, !variant.isEmpty, !WantListItem.same(variant, card.variant) { return false }
        if let maxPrice, card.marketValue > maxPrice { return false }
        return true
    }

    static func same(_ a: String, _ b: String) -> Bool {
        comparable(a) == comparable(b)
    }

    /// What two names that a dealer would call the same have in common.
    static func comparable(_ text: String) -> String {
        text.trimmingCharacters(in: .whitespacesAndNewlines)
            .folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
    }
}
