import Foundation
import OpenSwiftData

// Two versions of one app: the first has relationships with no inverse, the second gives
// each one. Each entity keeps its name across the versions, as an app's models do.

/// The first version: a show's cards, an entry's lists, a shelf's books and a person's
/// passport, each with no inverse. Sync sends the many-to-many of the second version from
/// `ChangeItem.shows` and `ChangeEntry.lists` (they sort first): the show's cards are the
/// side it no longer sends, the entry's lists the side it does.
enum RelationshipsBefore {
    @Model final class ChangeShow {
        var name: String
        @Relationship(deleteRule: .nullify) var cards: [ChangeItem]? = []
        init(name: String) { self.name = name }
    }

    @Model final class ChangeItem {
        var name: String
        init(name: String) { self.name = name }
    }

    @Model final class ChangeList {
        var name: String
        init(name: String) { self.name = name }
    }

    @Model final class ChangeEntry {
        var name: String
        @Relationship(deleteRule: .nullify) var lists: [ChangeList]? = []
        init(name: String) { self.name = name }
    }

    @Model final class ChangeShelf {
        var name: String
        @Relationship(deleteRule: .nullify) var books: [ChangeBook]? = []
        init(name: String) { self.name = name }
    }

    @Model final class ChangeBook {
        var name: String
        init(name: String) { self.name = name }
    }

    @Model final class ChangePerson {
        var name: String
        @Relationship(deleteRule: .nullify) var passport: ChangePassport?
        init(name: String) { self.name = name }
    }

    @Model final class ChangePassport {
        var name: String
        init(name: String) { self.name = name }
    }

    static let models: [any PersistentModel.Type] = [
        ChangeShow.self, ChangeItem.self, ChangeList.self, ChangeEntry.self, ChangeShelf.self, ChangeBook.self, ChangePerson.self, ChangePassport.self,
    ]
}

/// The second version: a show's cards and an item's shows are one many-to-many, so are a
/// list's entries and an entry's lists; a book names its shelf, and a passport its holder.
enum RelationshipsAfter {
    @Model final class ChangeShow {
        var name: String
        @Relationship(deleteRule: .nullify, inverse: \ChangeItem.shows) var cards: [ChangeItem]? = []
        init(name: String) { self.name = name }
    }

    @Model final class ChangeItem {
        var name: String
        var shows: [ChangeShow]? = []
        init(name: String) { self.name = name }
    }

    @Model final class ChangeList {
        var name: String
        @Relationship(deleteRule: .nullify, inverse: \ChangeEntry.lists) var entries: [ChangeEntry]? = []
        init(name: String) { self.name = name }
    }

    @Model final class ChangeEntry {
        var name: String
        var lists: [ChangeList]? = []
        init(name: String) { self.name = name }
    }

    @Model final class ChangeShelf {
        var name: String
        @Relationship(deleteRule: .nullify, inverse: \ChangeBook.shelf) var books: [ChangeBook]? = []
        init(name: String) { self.name = name }
    }

    @Model final class ChangeBook {
        var name: String
        var shelf: ChangeShelf?
        init(name: String) { self.name = name }
    }

    @Model final class ChangePerson {
        var name: String
        @Relationship(deleteRule: .nullify, inverse: \ChangePassport.holder) var passport: ChangePassport?
        init(name: String) { self.name = name }
    }

    @Model final class ChangePassport {
        var name: String
        var holder: ChangePerson?
        init(name: String) { self.name = name }
    }

    static let models: [any PersistentModel.Type] = [
        ChangeShow.self, ChangeItem.self, ChangeList.self, ChangeEntry.self, ChangeShelf.self, ChangeBook.self, ChangePerson.self, ChangePassport.self,
    ]
}
