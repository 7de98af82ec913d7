import SwiftData
import Foundation

/// The portfolio's state on one day.
///
/// One snapshot per day: the initialiser normalizes `date` to the start of its day and
/// `date` is unique, so a second snapshot of the same day replaces the first.
@Model
final class Snapshot {
    #Unique<Snapshot>([\.date])

    var id: UUID
    var date: Date
    var createdAt: Date

    @Relationship(deleteRule: .cascade, inverse: \SnapshotAssetValue.snapshot)
    var assetValues: [SnapshotAssetValue]?

    @Relationship(deleteRule: .cascade, inverse: \CashFlowOperation.snapshot)
    var cashFlowOperations: [CashFlowOperation]?

    /// Optional 1:1.
    @Relationship(deleteRule: .cascade, inverse: \ExchangeRate.snapshot)
    var exchangeRate: ExchangeRate?

    init(date: Date) {
        self.id = UUID()
        self.date = Calendar.current.startOfDay(for: date)
        self.createdAt = Date()
        self.assetValues = []
        self.cashFlowOperations = []
    }
}
