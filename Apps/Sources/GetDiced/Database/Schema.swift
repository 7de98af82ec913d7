/// The tables of a user database, exactly as the schema document defines them.
///
/// Every statement uses `IF NOT EXISTS` because catalogs already carry some of the
/// tables: the bundled file has `folders` and the relationship tables but no decks.
enum Schema {
    /// The version this library writes and reads.
    static let version = 4

    /// The columns a `cards` table must have for a file to be a catalog.
    static let cardColumns: [String] = Card.CodingKeys.allCases.map(\.rawValue)

    static let cards = """
        CREATE TABLE IF NOT EXISTS cards (
            db_uuid TEXT PRIMARY KEY NOT NULL,
            name TEXT NOT NULL,
            card_type TEXT NOT NULL,
            rules_text TEXT,
            errata_text TEXT,
            is_banned INTEGER NOT NULL,
            release_set TEXT,
            srg_url TEXT,
            srgpc_url TEXT,
            comments TEXT,
            tags TEXT,
            power INTEGER,
            agility INTEGER,
            strike INTEGER,
            submission INTEGER,
            grapple INTEGER,
            technique INTEGER,
            division TEXT,
            gender TEXT,
            deck_card_number INTEGER,
            atk_type TEXT,
            play_order TEXT,
            synced_at INTEGER NOT NULL
        )
        """

    /// `show` and the folder and deck commands find cards by name ignoring case
    /// (`cardsByNameSQL`); without this index every lookup folds the whole catalog's names. Not part of any version: opening
    /// adds it to any database that lacks it.
    static let cardNameIndex = """
        CREATE INDEX IF NOT EXISTS index_cards_name_nocase ON cards(name COLLATE NOCASE)
        """

    static let userCards = """
        CREATE TABLE IF NOT EXISTS user_cards (
            card_id TEXT PRIMARY KEY NOT NULL,
            card_name TEXT NOT NULL,
            quantity_owned INTEGER NOT NULL,
            quantity_wanted INTEGER NOT NULL,
            is_custom INTEGER NOT NULL,
            added_timestamp INTEGER NOT NULL
        )
        """

    /// Version 2: collection folders.
    static let folders = """
        CREATE TABLE IF NOT EXISTS folders (
            id TEXT PRIMARY KEY NOT NULL,
            name TEXT NOT NULL,
            is_default INTEGER NOT NULL,
            display_order INTEGER NOT NULL,
            created_at INTEGER NOT NULL
        );
        CREATE TABLE IF NOT EXISTS folder_cards (
            folder_id TEXT NOT NULL,
            card_uuid TEXT NOT NULL,
            quantity INTEGER NOT NULL,
            added_at INTEGER NOT NULL,
            PRIMARY KEY (folder_id, card_uuid),
            FOREIGN KEY (folder_id) REFERENCES folders(id) ON DELETE CASCADE,
            FOREIGN KEY (card_uuid) REFERENCES cards(db_uuid) ON DELETE CASCADE
        );
        CREATE INDEX IF NOT EXISTS index_folder_cards_folder_id ON folder_cards(folder_id);
        CREATE INDEX IF NOT EXISTS index_folder_cards_card_uuid ON folder_cards(card_uuid);
        """

    /// Version 3: deck building.
    static let decks = """
        CREATE TABLE IF NOT EXISTS deck_folders (
            id TEXT PRIMARY KEY NOT NULL,
            name TEXT NOT NULL,
            is_default INTEGER NOT NULL DEFAULT 0,
            display_order INTEGER NOT NULL DEFAULT 0
        );
        CREATE TABLE IF NOT EXISTS decks (
            id TEXT PRIMARY KEY NOT NULL,
            folder_id TEXT NOT NULL,
            name TEXT NOT NULL,
            spectacle_type TEXT NOT NULL DEFAULT 'VALIANT',
            created_at INTEGER NOT NULL,
            modified_at INTEGER NOT NULL,
            FOREIGN KEY (folder_id) REFERENCES deck_folders(id) ON DELETE CASCADE
        );
        CREATE INDEX IF NOT EXISTS index_decks_folder_id ON decks(folder_id);
        CREATE TABLE IF NOT EXISTS deck_cards (
            deck_id TEXT NOT NULL,
            card_uuid TEXT NOT NULL,
            slot_type TEXT NOT NULL,
            slot_number INTEGER NOT NULL DEFAULT 0,
            PRIMARY KEY (deck_id, slot_type, slot_number),
            FOREIGN KEY (deck_id) REFERENCES decks(id) ON DELETE CASCADE
        );
        CREATE INDEX IF NOT EXISTS index_deck_cards_deck_id ON deck_cards(deck_id);
        CREATE INDEX IF NOT EXISTS index_deck_cards_card_uuid ON deck_cards(card_uuid);
        """

    /// Version 4: card relationships.
    static let relationships = """
        CREATE TABLE IF NOT EXISTS card_related_finishes (
            card_uuid TEXT NOT NULL,
            finish_uuid TEXT NOT NULL,
            PRIMARY KEY (card_uuid, finish_uuid),
            FOREIGN KEY (card_uuid) REFERENCES cards(db_uuid) ON DELETE CASCADE,
            FOREIGN KEY (finish_uuid) REFERENCES cards(db_uuid) ON DELETE CASCADE
        );
        CREATE TABLE IF NOT EXISTS card_related_cards (
            card_uuid TEXT NOT NULL,
            related_uuid TEXT NOT NULL,
            PRIMARY KEY (card_uuid, related_uuid),
            FOREIGN KEY (card_uuid) REFERENCES cards(db_uuid) ON DELETE CASCADE,
            FOREIGN KEY (related_uuid) REFERENCES cards(db_uuid) ON DELETE CASCADE
        );
        """
}
