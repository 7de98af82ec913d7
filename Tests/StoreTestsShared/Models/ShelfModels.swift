import Foundation
import OpenSwiftData

/// A `.deny` rule: a shelf that holds books cannot be deleted.
@Model
final class Shelf {
    var label: String
    @Relationship(deleteRule: .deny, inverse: \Book.shelf) var books: [Book] = []
    init(label: String) { self.label = label }
}

@Model
final class Book {
    var title: String
    var pages: Int
    var subtitle: String?
    var shelf: Shelf?
    init(title: String, pages: Int, subtitle: String? = nil) {
        self.title = title
        self.pages = pages
        self.subtitle = subtitle
    }
}
