import Foundation
import SwiftData

/// The portfolio on one day: one value per asset, the cash flows since the previous
/// snapshot, and the exchange rates of that day.
@Model
public final class Snapshot {
    #Unique<Snapshot>([\.date])

    public var id: UUID
    /// The start of the snapshot's day in the user's calendar.
    public var date: Date
    public var createdAt: Date

    @Relationship(deleteRule: .cascade, inverse: \SnapshotAssetValue.snapshot)
    public var assetValues: [SnapshotAssetValue]?

    @Relationship(deleteRule: .cascade, inverse: \CashFlowOperation.snapshot)
    public var cashFlowOperations: [CashFlowOperation]?

    @Relationship(deleteRule: .cascade, inverse: \ExchangeRate.snapshot)
    public var exchangeRate: ExchangeRate?

    /// A snapshot of the day of `date` in `calendar`.
    public init(date: Date, calendar: Calendar = .current, createdAt: Date = Date()) {
        self.id = UUID()
        self.date = calendar.startOfDay(for: date)
        self.createdAt = createdAt
        self.assetValues = []
        self.cashFlowOperations = []
    }
}
