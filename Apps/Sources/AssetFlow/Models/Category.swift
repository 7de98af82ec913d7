import Foundation
import SwiftData

/// A group of assets, with an optional target share of the portfolio.
///
/// Its name is unique ignoring case and spacing (see ``Portfolio/addCategory(named:target:displayOrder:)``).
@Model
public final class Category {
    public var id: UUID
    public var name: String
    /// The share of the portfolio this category should hold, 0 to 100; nil for none.
    public var targetAllocationPercentage: Decimal?
    /// User-defined sort order.
    public var displayOrder: Int = 0

    /// `.deny`: a category that still has assets cannot be deleted; reassign them first.
    @Relationship(deleteRule: .deny, inverse: \Asset.category)
    public var assets: [Asset]?

    public init(name: String, targetAllocationPercentage: Decimal? = nil, displayOrder: Int = 0) {
        self.id = UUID()
        self.name = name
        self.targetAllocationPercentage = targetAllocationPercentage
        self.displayOrder = displayOrder
        self.assets = []
    }

    /// The name as compared for uniqueness.
    public var normalizedName: String { Identity.normalize(name) }
}
