import Foundation
import OpenSwiftData

extension CachedPrice: ValidatingModel {
    public func validate() throws {
        guard !cardId.isBlank else { throw ValidationError.emptyPriceCardID }
        guard [marketPrice, lowPrice, midPrice, highPrice].allSatisfy({ $0 >= 0 && $0.isFinite }) else {
            throw ValidationError.negativePrice
        }
        guard lowPrice <= marketPrice, lowPrice <= midPrice, marketPrice <= highPrice, midPrice <= highPrice else {
            throw ValidationError.pricesOutOfOrder
        }
    }
}
