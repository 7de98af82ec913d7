import SwiftData
import Foundation

/// A deposit (positive amount) or withdrawal (negative) recorded with a snapshot.
///
/// Its description is unique within its snapshot, ignoring case and spacing:
/// `validate()` rejects a second one.
@Model
final class CashFlowOperation {
    #Unique<CashFlowOperation>([\.snapshot, \.cashFlowDescription])

    var id: UUID
    var cashFlowDescription: String
    var amount: Decimal
    /// Native currency code; "" when unset.
    var currency: String = ""

    var snapshot: Snapshot?

    init(cashFlowDescription: String, amount: Decimal, currency: String = "", snapshot: Snapshot? = nil) {
        self.id = UUID()
        self.cashFlowDescription = cashFlowDescription
        self.amount = amount
        self.currency = currency
        self.snapshot = snapshot
    }

    /// The description as compared for uniqueness: trimmed, inner spaces collapsed, lowercased.
    var normalizedDescription: String { Asset.normalize(cashFlowDescription) }
}
