import Foundation
import OpenSwiftData

/// A loan of something to a friend, with rules of its own: an amount of at least zero,
/// and a return no earlier than the loan.
@Model
final class SyncLoan: ValidatingModel {
    var item: String
    var amount: Int
    var lent: Date
    var returned: Date?

    init(item: String, amount: Int = 0, lent: Date, returned: Date? = nil) {
        self.item = item
        self.amount = amount
        self.lent = lent
        self.returned = returned
    }

    func validate() throws {
        guard amount >= 0 else { throw LoanRuleError.negativeAmount(item) }
        if let returned, returned < lent { throw LoanRuleError.returnedBeforeLent(item) }
    }
}

enum LoanRuleError: Error, CustomStringConvertible {
    case negativeAmount(String)
    case returnedBeforeLent(String)

    var description: String {
        switch self {
        case .negativeAmount(let item): "The loan of \(item) has an amount below zero."
        case .returnedBeforeLent(let item): "The loan of \(item) was returned before it was lent."
        }
    }
}
