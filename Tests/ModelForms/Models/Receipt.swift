import Foundation
import OpenSwiftData

/// `let` properties set once by the initialiser, as public SwiftData apps write them.
@Model
final class Receipt {
    let number: String
    let issuedAt: Date
    let total: Decimal?
    var note: String = ""

    init(number: String, issuedAt: Date, total: Decimal? = nil) {
        self.number = number
        self.issuedAt = issuedAt
        self.total = total
    }
}
