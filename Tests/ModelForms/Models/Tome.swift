import Foundation
import OpenSwiftData

/// How a tome is bound: an enum stored by its raw value.
enum Cover: String, Codable {
    case hardback, paperback
}

/// A model with every kind of attribute declaration an app writes: a unique attribute,
/// a compound `#Unique`, `#Index`, a renamed attribute, a transient property, an enum,
/// and a cascading to-many relationship to the root of a class hierarchy.
@Model
final class Tome {
    #Unique<Tome>([\.title, \.edition])
    #Index<Tome>([\.title], [\.shelfMark])

    @Attribute(.unique) var isbn: String
    var title: String
    var edition: Int
    @Attribute(originalName: "mark") var shelfMark: String
    var cover: Cover
    @Transient var timesShown = 0
    @Relationship(deleteRule: .cascade, inverse: \Loan.tome) var loans: [Loan] = []

    init(isbn: String, title: String, edition: Int = 1, shelfMark: String = "", cover: Cover = .paperback) {
        self.isbn = isbn
        self.title = title
        self.edition = edition
        self.shelfMark = shelfMark
        self.cover = cover
    }
}
