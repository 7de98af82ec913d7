import Foundation
import OpenSwiftData

/// The root of a model class hierarchy.
@Model
class Loan {
    var borrower: String
    var due: Date
    var tome: Tome?

    init(borrower: String, due: Date) {
        self.borrower = borrower
        self.due = due
    }
}

/// A subclass of a model, with a property of its own set before `super.init`.
@Model
class Renewal: Loan {
    var count: Int

    init(borrower: String, due: Date, count: Int) {
        self.count = count
        super.init(borrower: borrower, due: due)
    }
}
