import Foundation
import OpenSwiftData

extension TradeHistory: ValidatingModel {
    public func validate() throws {
        // Below 1% a trade gives nearly nothing for the cards, and shows as "0%": a typo.
        guard tradePercentage >= 0.01, tradePercentage <= 1 else { throw ValidationError.invalidTradePercentage }
        guard myCardsTotal >= 0, theirCardsTotal >= 0 else { throw ValidationError.negativeTradeTotal }
    }
}
