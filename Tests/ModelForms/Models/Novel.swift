import Foundation
import OpenSwiftData

/// The destination of `let` relationships, with the inverse of one.
@Model
final class Novel {
    var title: String
    @Relationship(inverse: \Checkout.novel) var checkouts: [Checkout] = []

    init(title: String) {
        self.title = title
    }
}

/// `let` relationships, as SwiftData apps write them in the Swift 5 language mode:
/// set once by the initialiser, never reassigned.
@Model
final class Checkout {
    var borrower: String
    @Relationship(deleteRule: .deny) let novel: Novel
    let renewalOf: Checkout?

    init(borrower: String, novel: Novel, renewalOf: Checkout? = nil) {
        self.novel = novel
        self.renewalOf = renewalOf
        self.borrower = borrower
    }
}
