import Foundation
import OpenSwiftData

/// The price cache: prices kept 24 hours per API card ID, and the cards they price.
///
/// A card's price key is its `catalogID` (the pricing API's ID), or else its own ID,
/// so that a dealer can price a card by hand without knowing an API ID.
public struct PriceService {
    public let context: ModelContext

    public init(context: ModelContext) {
        self.context = context
    }

    /// The key the cache keeps a card's price under.
    public static func priceKey(of card: InventoryCard) -> String {
        card.catalogID ?? card.id.uuidString
    }

    /// Stores a new price, replacing any cached one for its card ID, and brings the
    /// market value and `lastPriceUpdate` of the cards in stock it prices up to date.
    /// Returns those cards.
    @discardableResult
    public func store(_ price: CachedPrice, save: Bool = true) throws -> [InventoryCard] {
        let key = price.cardId
        return try context.change(saving: save) {
            // `.unique` on cardId makes this insert replace the stored price at save.
            context.insert(price)
            // Read with the save: a card another writer sold meanwhile keeps the value it sold at.
            let cards = try self.cards(pricedBy: key)
            for card in cards {
                card.marketValue = price.marketPrice
                card.lastPriceUpdate = price.timestamp
            }
            return cards
        }
    }

    /// The cards in stock whose price key is `key`.
    public func cards(pricedBy key: String) throws -> [InventoryCard] {
        let inStock = CardStatus.inStock
        let optionalKey: String? = key
        var cards = try context.fetch(FetchDescriptor<InventoryCard>(
            predicate: #Predicate { $0.catalogID == optionalKey && $0.status == inStock }))
        if let uuid = UUID(uuidString: key) {
            let noCatalogID: String? = nil
            cards += try context.fetch(FetchDescriptor<InventoryCard>(
                predicate: #Predicate { $0.id == uuid && $0.catalogID == noCatalogID && $0.status == inStock }))
        }
        return cards
    }

    /// The cached price for `key`, fresh or not (nil when there is none).
    public func cachedPrice(for key: String) throws -> CachedPrice? {
        try context.fetch(FetchDescriptor<CachedPrice>(predicate: #Predicate { $0.cardId == key })).first
    }

    /// The cached price for `key` if it is less than 24 hours old at `now`; nil means
    /// the caller should ask the pricing API again.
    public func freshPrice(for key: String, now: Date = Date()) throws -> CachedPrice? {
        guard let price = try cachedPrice(for: key), !price.isExpired(at: now) else { return nil }
        return price
    }

    /// Every cached price, by card ID.
    public func allPrices() throws -> [CachedPrice] {
        try context.fetch(FetchDescriptor<CachedPrice>(sortBy: [SortDescriptor(\.cardId)]))
    }

    /// The prices older than 24 hours at `now`.
    public func expiredPrices(now: Date = Date()) throws -> [CachedPrice] {
        let cutoff = now.addingTimeInterval(-CachedPrice.lifetime)
        return try context.fetch(FetchDescriptor<CachedPrice>(predicate: #Predicate { $0.timestamp < cutoff }))
            .filter { $0.isExpired(at: now) }
    }

    /// Deletes the expired prices; returns how many.
    @discardableResult
    public func pruneExpired(now: Date = Date(), save: Bool = true) throws -> Int {
        try context.change(saving: save) {
            let expired = try expiredPrices(now: now)
            for price in expired { context.delete(price) }
            return expired.count
        }
    }
}
