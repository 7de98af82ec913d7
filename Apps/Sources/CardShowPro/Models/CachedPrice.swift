import Foundation
import OpenSwiftData

/// A price fetched from a pricing API, kept for 24 hours to spare API calls.
///
/// One per API card ID: storing a price for an ID that has one replaces it (`.unique`
/// upserts).
@Model
public final class CachedPrice {
    /// How long a price stays fresh.
    public static let lifetime: TimeInterval = 24 * 3600

    /// The API's card ID; matches `InventoryCard.catalogID`.
    @Attribute(.unique) public var cardId: String
    public var marketPrice: Double
    public var lowPrice: Double
    public var midPrice: Double
    public var highPrice: Double
    public var timestamp: Date
    /// "PokemonTCG.io", "TCGDex"
    public var source: String

    public init(
        cardId: String,
        marketPrice: Double,
        lowPrice: Double,
        midPrice: Double,
        highPrice: Double,
        source: String,
        timestamp: Date = Date()
    ) {
        self.cardId = cardId
        self.marketPrice = marketPrice
        self.lowPrice = lowPrice
        self.midPrice = midPrice
        self.highPrice = highPrice
        self.timestamp = timestamp
        self.source = source
    }

    // MARK: Computed

    /// Older than 24 hours.
    public var isExpired: Bool { isExpired(at: Date()) }

    public func isExpired(at now: Date) -> Bool {
        let hoursSinceUpdate = now.timeIntervalSince(timestamp) / 3600
        return hoursSinceUpdate > 24
    }

    public var age: TimeInterval { age(at: Date()) }

    public func age(at now: Date) -> TimeInterval {
        now.timeIntervalSince(timestamp)
    }
}
