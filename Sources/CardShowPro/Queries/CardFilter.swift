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
    public var predicate: Predicate<InventoryCard> {
        let low = minValue ?? -Double.infinity
        let high = maxValue ?? Double.infinity
        let checksGraded = graded != nil
        let wantsGraded = graded ?? false
        let checksStock = inStockOnly
        let inStock = CardStatus.inStock
        return #Predicate<InventoryCard> { card in
            card.marketValue >= low && card.marketValue <= high
                && (!checksGraded || card.isGraded == wantsGraded)
                && (!checksStock || card.status == inStock)
        }
    }
}
