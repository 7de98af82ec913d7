import Foundation
import OpenSwiftData

extension TradeHistory: ValidatingModel {
    public func validate() throws {
        guard tradePercentage > 0, tradePercentage <= 1 else { throw ValidationError.invalidTradePercentage }
        guard myCardsTotal >= 0, theirCardsTotal >= 0 else { throw ValidationError.negativeTradeTotal }
    }
}
