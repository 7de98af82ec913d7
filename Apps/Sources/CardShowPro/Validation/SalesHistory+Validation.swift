import Foundation
import OpenSwiftData

extension SalesHistory: ValidatingModel {
    public func validate() throws {
        // Infinity (another program's 9e999) is out of range, below: it was called negative.
        guard salePrice >= 0 else { throw ValidationError.negativeSalePrice }
        guard salePrice <= Money.maximum else { throw ValidationError.amountTooLarge("A sale price") }
        guard platformFees >= 0, shippingCost >= 0 else { throw ValidationError.negativeFees }
        guard platformFees <= Money.maximum, shippingCost <= Money.maximum else {
            throw ValidationError.amountTooLarge("Platform fees and shipping")
        }
        guard !platform.isBlank else { throw ValidationError.emptyPlatform }
        guard !DealerDay.isAfterToday(date) else { throw ValidationError.saleInFuture }
        if let card, DealerDay.of(date) < DealerDay.of(card.acquiredDate) {
            throw ValidationError.saleBeforeAcquired(card.displayName)
        }
    }
}
