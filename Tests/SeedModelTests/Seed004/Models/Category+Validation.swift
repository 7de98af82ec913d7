import SwiftData
import Foundation

extension Category: ValidatingModel {
    /// A name is required and unique ignoring case and spacing; a target is 0 to 100.
    func validate() throws {
        if normalizedName.isEmpty { throw CategoryError.emptyName }
        if let target = targetAllocationPercentage, target < 0 || target > 100 {
            throw CategoryError.invalidTargetAllocation
        }
        guard let modelContext else { return }
        let normalized = normalizedName
        let categories = try modelContext.fetch(FetchDescriptor<Category>())
        if categories.contains(where: { $0 !== self && $0.normalizedName == normalized }) {
            throw CategoryError.duplicateName(name)
        }
    }
}
