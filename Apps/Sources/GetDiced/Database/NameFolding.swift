import GRDB

/// How getdiced compares the names of folders, deck folders and decks: case is ignored in
/// every script ("Élan" and "élan" are one name), as the other apps compare names (Swift's
/// `lowercased()`), where SQLite's `NOCASE` folds ASCII letters only.
///
/// Registered on every connection as `getdiced_fold(text)`, for queries only: no table or
/// index depends on it, so other SQLite programs read and write the file as before.
enum NameFolding {
    static func key(_ name: String) -> String { name.lowercased() }

    static let function = DatabaseFunction("getdiced_fold", argumentCount: 1, pure: true) { values in
        String.fromDatabaseValue(values[0]).map(key)
    }
}
