import Foundation
import OpenSwiftData

/// The destination of a relationship set before a `let`.
@Model
final class Publisher {
    var name: String
    @Relationship(inverse: \Manuscript.publisher) var manuscripts: [Manuscript] = []

    init(name: String) {
        self.name = name
    }
}

/// An initialiser that sets `var`s, a relationship among them, before the `let`, as
/// SwiftData allows in any order; and one that sets the `let` first.
@Model
final class Manuscript {
    var title: String
    var publisher: Publisher?
    var pages: Int = 0
    let submittedAt: Date

    init(title: String, publisher: Publisher?, submittedAt: Date) {
        self.title = title
        self.publisher = publisher
        self.submittedAt = submittedAt
        self.pages = 1
    }

    init(submittedAt: Date, title: String, publisher: Publisher?) {
        self.submittedAt = submittedAt
        self.title = title
        self.publisher = publisher
    }
}
