import SwiftData
import Foundation

/// An individual investment, identified by its (name, platform) pair.
///
/// Two assets are the same when their normalized name and platform match, whatever
/// their case or spacing: `validate()` rejects a second one.
@Model
final class Asset {
    #Unique<Asset>([\.name, \.platform])

    var id: UUID
    var name: String
    /// Platform or broker; "" when none.
    var platform: String = ""
    /// Native currency code ("USD", "TWD"); "" when unset.
    var currency: String = ""

    /// `.nullify`: deleting the asset removes it from its category.
    @Relationship(deleteRule: .nullify)
    var category: Category?

    /// `.deny`: an asset with values in snapshots cannot be deleted; delete the values first.
    @Relationship(deleteRule: .deny, inverse: \SnapshotAssetValue.asset)
    var snapshotAssetValues: [SnapshotAssetValue]?

    init(name: String, platform: String = "", currency: String = "", category: Category? = nil) {
        self.id = UUID()
        self.name = name
        self.platform = platform
        self.currency = currency
        self.category = category
        self.snapshotAssetValues = []
    }

    /// Trimmed, collapsed spaces, lowercased.
    var normalizedName: String { Asset.normalize(name) }

    /// Trimmed, collapsed spaces, lowercased.
    var normalizedPlatform: String { Asset.normalize(platform) }

    /// `normalizedName|normalizedPlatform`, the key assets are matched by.
    var normalizedIdentity: String { "\(normalizedName)|\(normalizedPlatform)" }

    /// Trims, collapses every run of whitespace to one space, and lowercases.
    static func normalize(_ text: String) -> String {
        text.split(whereSeparator: \.isWhitespace).joined(separator: " ").lowercased()
    }
}
