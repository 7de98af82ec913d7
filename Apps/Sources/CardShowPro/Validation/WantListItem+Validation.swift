import Foundation
import OpenSwiftData

extension WantListItem: ValidatingModel {
    public func validate() throws {
        guard !cardName.isBlank else { throw ValidationError.emptyWantedCardName }
        if let maxPrice {
            guard maxPrice >= 0 else { throw ValidationError.negativeMaxPrice }
            guard maxPrice <= Money.maximum else { throw ValidationError.amountTooLarge("A want-list item's maximum price") }
        }
    }
}
