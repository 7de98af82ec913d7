import Foundation
import OpenSwiftData

/// The filters of `cardshow card list`, as one predicate the store can evaluate.
public struct CardFilter: Sendable, Equatable {
    public var minValue: Double?
    public var maxValue: Double?
    /// true: graded cards only; false: raw cards only; nil: both.
    public var graded: Bool?
    /// Leave out sold and traded-away cards.
    public var inStockOnly: Bool

    public init(minValue: Double? = nil, maxValue: Double? = nil, graded: Bool? = nil, inStockOnly: Bool = false) {
        self.minValue = minValue
        self.maxValue = maxValue
        self.graded = graded
        self.inStockOnly = inStockOnly
    }

    /// One predicate with every filter, absent ones made neutral, so that the SQL
    /// translation sees a single expression rather than a chain built at run time.
    ///
    /// An absent bound is left out rather than made infinite: SQLite orders text after
    /// every number, so `marketValue <= infinity` would silently drop a card whose
    /// value another program stored as text, where the listing should fail naming it.
    public var predicate: Predicate<InventoryCard> {
        let checksLow = minValue != nil
        let low = minValue ?? 0
        let checksHigh = maxValue != nil
        let high = maxValue ?? 0
        let checksGraded = graded != nil
        let wantsGraded = graded ?? false
        let checksStock = inStockOnly
        let inStock = CardStatus.inStock
        return #Predicate<InventoryCard> { card in
            (!checksLow || card.marketValue >= low) && (!checksHigh || card.marketValue <= high)
                && (!checksGraded || card.isGraded == wantsGraded)
                && (!checksStock || card.status == inStock)
        }
    }
}
