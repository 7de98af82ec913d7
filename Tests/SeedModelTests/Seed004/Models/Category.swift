import SwiftData
import Foundation

/// Asset categorization with an optional target allocation percentage.
///
/// The name is unique ignoring case and surrounding or repeated spaces: `validate()`
/// rejects a second category whose normalized name matches.
@Model
final class Category {
    #Unique<Category>([\.name])

    var id: UUID
    var name: String
    /// 0 to 100; nil means no target.
    var targetAllocationPercentage: Decimal?
    /// User-defined sort order.
    var displayOrder: Int = 0

    /// `.deny`: a category that still has assets cannot be deleted; reassign them first.
    @Relationship(deleteRule: .deny, inverse: \Asset.category)
    var assets: [Asset]?

    init(name: String, targetAllocationPercentage: Decimal? = nil, displayOrder: Int = 0) {
        self.id = UUID()
        self.name = name
        self.targetAllocationPercentage = targetAllocationPercentage
        self.displayOrder = displayOrder
        self.assets = []
    }

    /// The name as compared for uniqueness: trimmed, inner spaces collapsed, lowercased.
    var normalizedName: String { Asset.normalize(name) }
}
