import SwiftData
import Foundation

/// The market value of one asset in one snapshot: the join between them.
@Model
final class SnapshotAssetValue {
    /// One value per asset per snapshot.
    #Unique<SnapshotAssetValue>([\.snapshot, \.asset])

    var marketValue: Decimal

    var snapshot: Snapshot?
    var asset: Asset?

    init(marketValue: Decimal, snapshot: Snapshot? = nil, asset: Asset? = nil) {
        self.marketValue = marketValue
        self.snapshot = snapshot
        self.asset = asset
    }
}
