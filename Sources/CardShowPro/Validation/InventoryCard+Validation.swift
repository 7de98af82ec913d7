import Foundation
import OpenSwiftData

// The engine calls `validate()` on every inserted or changed card at save; a throw
// aborts the whole save. (The seed's `@Attribute(.validate ...)` is not SwiftData API.)
extension InventoryCard: ValidatingModel {
    public func validate() throws {
        guard !name.isBlank else { throw ValidationError.emptyName }
        guard !setName.isBlank else { throw ValidationError.emptySetName }
        guard !cardNumber.isBlank else { throw ValidationError.emptyCardNumber }
        // `>= 0` is false for NaN, so NaN is refused too.
        guard marketValue >= 0, marketValue.isFinite else { throw ValidationError.negativeMarketValue }
        guard marketValue <= Money.maximum else { throw ValidationError.amountTooLarge("A card's market value") }
        if let cost = purchaseCost {
            guard cost >= 0, cost.isFinite else { throw ValidationError.negativePurchaseCost }
            guard cost <= Money.maximum else { throw ValidationError.amountTooLarge("What you paid for a card") }
        }
        if isGraded, let grade {
            guard (1...10).contains(grade) else { throw ValidationError.invalidGrade }
        }
    }
}

extension String {
    /// Empty or only whitespace: a name of spaces is no name.
    var isBlank: Bool { trimmingCharacters(in: .whitespacesAndNewlines).isEmpty }
}
