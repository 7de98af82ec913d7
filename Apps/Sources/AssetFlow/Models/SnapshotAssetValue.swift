import Foundation
import SwiftData

/// The market value of one asset in one snapshot, in the asset's currency.
@Model
public final class SnapshotAssetValue {
    public var marketValue: Decimal
    public var snapshot: Snapshot?
    public var asset: Asset?

    public init(marketValue: Decimal, snapshot: Snapshot? = nil, asset: Asset? = nil) {
        self.marketValue = marketValue
        self.snapshot = snapshot
        self.asset = asset
    }
}
