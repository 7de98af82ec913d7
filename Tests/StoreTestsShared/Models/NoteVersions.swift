import Foundation
import OpenSwiftData

/// Versions of one model, as successive releases of a program declare it.
enum NotesV1 {
    @Model final class Note {
        var title: String
        var pages: Int = 1
        init(title: String) { self.title = title }
    }
}

/// Adds an optional attribute and one with a default, and renames `pages`.
enum NotesV2 {
    @Model final class Note {
        var title: String
        @Attribute(originalName: "pages") var sheets: Int = 1
        var body: String?
        var stars: Int = 3
        init(title: String) { self.title = title }
    }
}

/// Adds a non-optional attribute without a default.
enum NotesWithWords {
    @Model final class Note {
        var title: String
        var pages: Int = 1
        var words: Int
        init(title: String, words: Int) {
            self.title = title
            self.words = words
        }
    }
}

/// Changes the type of `pages`.
enum NotesWithTextPages {
    @Model final class Note {
        var title: String
        var pages: String = ""
        init(title: String) { self.title = title }
    }
}

/// Removes `pages`.
enum NotesWithoutPages {
    @Model final class Note {
        var title: String
        init(title: String) { self.title = title }
    }
}

/// Adds `pages` back as required text without a default.
enum NotesWithRequiredTextPages {
    @Model final class Note {
        var title: String
        var pages: String
        init(title: String, pages: String) { self.title = title; self.pages = pages }
    }
}
