import Foundation
import OpenSwiftData

// Relationship shapes: one-to-many with explicit inverse (Author/Book), inferred
// inverse (Library/Shelf), many-to-many (Book/Tag), self-referential (Person),
// one-to-one (Person/Passport), unidirectional to-many (Playlist.books).

@Model final class Author {
    @Attribute(.unique) var name: String
    @Relationship(deleteRule: .cascade, inverse: \Book.author) var books: [Book] = []
    init(name: String) { self.name = name }
}

@Model final class Book {
    var title: String
    var author: Author?
    @Relationship(inverse: \Tag.books) var tags: [Tag] = []
    init(title: String, author: Author? = nil) { self.title = title; self.author = author }
}

@Model final class Tag {
    @Attribute(.unique) var label: String
    var books: [Book] = []
    init(label: String) { self.label = label }
}

@Model final class Library {
    var name: String
    @Relationship(deleteRule: .deny) var shelves: [Shelf]? = []
    init(name: String) { self.name = name }
}

@Model final class Shelf {
    var code: String
    var library: Library?
    init(code: String) { self.code = code }
}

@Model final class Person {
    var name: String
    var parent: Person?
    @Relationship(deleteRule: .cascade) var children: [Person] = []
    @Relationship(deleteRule: .nullify) var passport: Passport?
    init(name: String) { self.name = name }
}

@Model final class Passport {
    var number: String
    var holder: Person?
    init(number: String) { self.number = number }
}

@Model final class Playlist {
    var name: String
    @Relationship(deleteRule: .noAction) var books: [Book] = []
    init(name: String) { self.name = name }
}

/// Compound uniqueness: one reading per sensor and day.
@Model final class Reading {
    #Unique<Reading>([\.sensor, \.day])
    var sensor: String
    var day: Int
    var value: Double
    init(sensor: String, day: Int, value: Double) { self.sensor = sensor; self.day = day; self.value = value }
}

struct InvalidReading: Error, Equatable { let reason: String }

/// A model that refuses negative amounts at save.
@Model final class Expense: ValidatingModel {
    var amount: Decimal
    init(amount: Decimal) { self.amount = amount }
    func validate() throws {
        if amount < 0 { throw InvalidReading(reason: "amount must not be negative") }
    }
}

/// A model whose initialiser forgets a non-optional property.
@Model final class Forgetful {
    var name: String
    var count: Int
    init(name: String) { self.name = name }
}
