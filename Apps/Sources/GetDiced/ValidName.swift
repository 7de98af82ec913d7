import ControlCharacters
import Foundation
import NameText

/// The names of folders, deck folders and decks as they are stored: trimmed, not empty,
/// and without control characters. A NUL ends a name where SQLite's C text ends it (a deck
/// list's "Name: Evil<NUL>Deck" was stored as "Evil"); an escape sequence or U+202E in a
/// name would act on the terminal of whoever lists it in another program.
enum ValidName {
    static func checked(_ name: String, kind: String) throws -> String {
        let trimmed = name.trimmingCharacters(in: .whitespacesAndNewlines)
        guard NameText.showsSomething(trimmed) else { throw GetDicedError.invalidName(kind: kind) }
        // A tab or line break in words every tool uses (`NameLineBreak`); other control characters below.
        if let problem = NameLineBreak(in: trimmed, what: "\(kind) name") { throw problem }
        if let control = trimmed.unicodeScalars.first(where: ControlCharacters.contains) {
            throw GetDicedError.controlCharacterInName(kind: kind, name: ControlCharacters.escaped(trimmed),
                                                       character: ControlCharacters.escaped(String(control)))
        }
        return trimmed
    }
}
