import SwiftData
import Foundation

extension CashFlowOperation: ValidatingModel {
    /// No other operation of the same snapshot may have the same normalized description.
    func validate() throws {
        let normalized = normalizedDescription
        let siblings = snapshot?.cashFlowOperations ?? []
        if siblings.contains(where: { $0 !== self && $0.normalizedDescription == normalized }) {
            throw CashFlowOperationError.duplicateDescription(cashFlowDescription)
        }
    }
}
