import SwiftData
import Foundation

extension Asset: ValidatingModel {
    /// A name is required, and no other asset may have the same normalized identity.
    func validate() throws {
        if normalizedName.isEmpty { throw AssetError.emptyName }
        guard let modelContext else { return }
        let identity = normalizedIdentity
        // Identity is a computed value, so it is compared here rather than in a predicate.
        let assets = try modelContext.fetch(FetchDescriptor<Asset>())
        if assets.contains(where: { $0 !== self && $0.normalizedIdentity == identity }) {
            throw AssetError.duplicateIdentity(name: name, platform: platform)
        }
    }
}
