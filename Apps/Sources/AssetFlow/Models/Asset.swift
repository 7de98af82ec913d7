import Foundation
import SwiftData

/// One investment, identified by its (name, platform) pair.
@Model
public final class Asset {
    #Index<Asset>([\.identityKey])

    public var id: UUID
    public var name: String
    /// The platform or broker holding it; "" for none.
    public var platform: String = ""
    /// Its currency's code, uppercase ("USD").
    public var currency: String = ""
    /// `normalizedIdentity`, stored so that lookups run in SQL.
    public var identityKey: String = ""

    /// `.nullify`: deleting the asset removes it from its category.
    @Relationship(deleteRule: .nullify)
    public var category: Category?

    /// `.deny`: an asset with recorded values cannot be deleted; delete the values first.
    @Relationship(deleteRule: .deny, inverse: \SnapshotAssetValue.asset)
    public var snapshotAssetValues: [SnapshotAssetValue]?

    public init(name: String, platform: String = "", currency: String = "", category: Category? = nil) {
        self.id = UUID()
        self.name = name
        self.platform = platform
        self.currency = currency
        self.category = category
        self.snapshotAssetValues = []
        self.identityKey = Identity.key(name: name, platform: platform)
    }

    /// Trimmed, inner whitespace collapsed, lowercased.
    public var normalizedName: String { Identity.normalize(name) }
    public var normalizedPlatform: String { Identity.normalize(platform) }
    /// `normalizedName|normalizedPlatform`: two assets with the same are the same asset.
    public var normalizedIdentity: String { "\(normalizedName)|\(normalizedPlatform)" }
}
