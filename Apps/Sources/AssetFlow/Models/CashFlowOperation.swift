import Foundation
import SwiftData

/// Money put into (positive) or taken out of (negative) the portfolio since the
/// previous snapshot, recorded with a snapshot.
@Model
public final class CashFlowOperation {
    public var id: UUID
    /// Unique within its snapshot, ignoring case and spacing.
    public var cashFlowDescription: String
    public var amount: Decimal
    /// Its currency's code, uppercase; "" for the snapshot's base currency.
    public var currency: String = ""

    public var snapshot: Snapshot?

    public init(cashFlowDescription: String, amount: Decimal, currency: String = "", snapshot: Snapshot? = nil) {
        self.id = UUID()
        self.cashFlowDescription = cashFlowDescription
        self.amount = amount
        self.currency = currency
        self.snapshot = snapshot
    }

    public var normalizedDescription: String { Identity.normalize(cashFlowDescription) }
}
