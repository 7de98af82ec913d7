import GRDB
import NameText

/// How getdiced compares the names of folders, deck folders and decks: as every tool
/// compares names (`NameText`: composed, case folded fully, so "Élan", "élan" spelled with
/// a combining accent, "Straße" and "STRASSE" are each one name), where SQLite's `NOCASE`
/// folds ASCII letters only.
///
/// Registered on every connection as `getdiced_fold(text)`, for queries only: no table or
/// index depends on it, so other SQLite programs read and write the file as before.
enum NameFolding {
    static func key(_ name: String) -> String { NameText.key(name) }

    static let function = DatabaseFunction("getdiced_fold", argumentCount: 1, pure: true) { values in
        String.fromDatabaseValue(values[0]).map(key)
    }
}
