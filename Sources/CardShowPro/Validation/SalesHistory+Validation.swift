import Foundation
import OpenSwiftData

extension SalesHistory: ValidatingModel {
    public func validate() throws {
        guard salePrice >= 0, salePrice.isFinite else { throw ValidationError.negativeSalePrice }
        guard platformFees >= 0, shippingCost >= 0 else { throw ValidationError.negativeFees }
        guard !platform.isBlank else { throw ValidationError.emptyPlatform }
    }
}
