import Foundation
import SwiftData

/// The portfolio on one day: one value per asset, the cash flows since the previous
/// snapshot, and the exchange rates of that day.
@Model
public final class Snapshot {
    #Unique<Snapshot>([\.date])

    public var id: UUID
    /// The start of the snapshot's day in UTC (`Days`; a store written before this may
    /// hold the start of the day in the zone it was written in, which `Days` reads too).
    public var date: Date
    public var createdAt: Date

    @Relationship(deleteRule: .cascade, inverse: \SnapshotAssetValue.snapshot)
    public var assetValues: [SnapshotAssetValue]?

    @Relationship(deleteRule: .cascade, inverse: \CashFlowOperation.snapshot)
    public var cashFlowOperations: [CashFlowOperation]?

    @Relationship(deleteRule: .cascade, inverse: \ExchangeRate.snapshot)
    public var exchangeRate: ExchangeRate?

    /// A snapshot of the day of `date` in `calendar` (by default the one days are kept in, `Days`).
    public init(date: Date, calendar: Calendar = Days().calendar, createdAt: Date = Date()) {
        self.id = UUID()
        self.date = calendar.startOfDay(for: date)
        self.createdAt = createdAt
        self.assetValues = []
        self.cashFlowOperations = []
    }
}
