import Foundation
import GRDB

/// A collection folder with how many cards it holds.
public struct FolderSummary: Codable, Hashable, Sendable, FetchableRecord {
    public var folder: Folder
    /// Distinct cards in the folder.
    public var entryCount: Int
    /// All copies in the folder.
    public var totalQuantity: Int

    public init(row: Row) throws {
        folder = try Folder(row: row)
        entryCount = try row.checked("entry_count")
        totalQuantity = try row.checked("total_quantity")
    }

    public enum CodingKeys: String, CodingKey {
        case folder
        case entryCount = "entry_count"
        case totalQuantity = "total_quantity"
    }
}

/// Collection folders and the cards in them.
///
/// Folders are named by reference: an id (`owned`, a UUID) or a name, ignoring case.
/// Every change runs in one transaction.
public struct FolderService: Sendable {
    public let database: GetDicedDatabase

    public init(database: GetDicedDatabase) {
        self.database = database
    }

    /// Every folder, default ones first, with card counts.
    public func folders() throws -> [FolderSummary] {
        try database.read { db in
            try FolderSummary.fetchAll(db, sql: """
                SELECT f.*, COUNT(fc.card_uuid) AS entry_count, CAST(TOTAL(fc.quantity) AS INTEGER) AS total_quantity
                FROM folders f
                LEFT JOIN folder_cards fc ON fc.folder_id = f.id
                GROUP BY f.id
                ORDER BY f.is_default DESC, f.display_order ASC, f.name ASC
                """)
        }
    }

    /// The folder with id or name `reference`.
    public func folder(_ reference: String) throws -> Folder {
        try database.read { try Self.folder(reference, in: $0) }
    }

    /// Creates a custom folder after the existing ones.
    @discardableResult
    public func createFolder(named name: String) throws -> Folder {
        let name = try Self.validName(name)
        return try database.write { db in
            try Self.checkNameFree(name, in: db)
            let order = try Int.fetchOne(db, sql: "SELECT COALESCE(MAX(display_order), -1) + 1 FROM folders") ?? 0
            let folder = Folder(
                id: UUID().uuidString.lowercased(), name: name, isDefault: false, displayOrder: order,
                createdAt: database.clock())
            try folder.insert(db)
            return folder
        }
    }

    /// Renames a custom folder.
    @discardableResult
    public func renameFolder(_ reference: String, to newName: String) throws -> Folder {
        let newName = try Self.validName(newName)
        return try database.write { db in
            var folder = try Self.folder(reference, in: db)
            guard !folder.isDefault else {
                throw GetDicedError.defaultFolderProtected(folder: folder.name, action: "renamed")
            }
            if NameFolding.key(folder.name) != NameFolding.key(newName) {
                try Self.checkNameFree(newName, in: db)
            }
            folder.name = newName
            try folder.update(db)
            return folder
        }
    }

    /// Deletes a custom folder and, through the cascade, its card entries.
    @discardableResult
    public func deleteFolder(_ reference: String) throws -> Folder {
        try database.write { db in
            let folder = try Self.folder(reference, in: db)
            guard !folder.isDefault else {
                throw GetDicedError.defaultFolderProtected(folder: folder.name, action: "deleted")
            }
            try folder.delete(db)
            return folder
        }
    }

    /// Adds `quantity` copies of each card to the folder, all or none.
    ///
    /// A card already in the folder gets its quantity raised; a new one is stamped
    /// with the current time.
    public func add(_ cardUUIDs: [String], quantity: Int = 1, to folderReference: String) throws {
        guard (1...FolderCard.maximumQuantity).contains(quantity) else { throw GetDicedError.invalidQuantity(quantity) }
        try database.write { db in
            let folder = try Self.folder(folderReference, in: db)
            for uuid in cardUUIDs {
                try Self.add(uuid, quantity: quantity, to: folder.id, in: db, now: database.clock())
            }
        }
    }

    /// Sets the quantity of a card in the folder, adding it if absent.
    public func setQuantity(_ quantity: Int, of cardUUID: String, in folderReference: String) throws {
        guard (1...FolderCard.maximumQuantity).contains(quantity) else { throw GetDicedError.invalidQuantity(quantity) }
        try database.write { db in
            let folder = try Self.folder(folderReference, in: db)
            if var entry = try FolderCard.fetchOne(db, key: ["folder_id": folder.id, "card_uuid": cardUUID]) {
                entry.quantity = quantity
                try entry.update(db)
            } else {
                try Self.requireCard(cardUUID, in: db)
                try FolderCard(folderID: folder.id, cardUUID: cardUUID, quantity: quantity, addedAt: database.clock())
                    .insert(db)
            }
        }
    }

    /// Takes `quantity` copies of a card out of the folder, or the whole entry when
    /// `quantity` is `nil`. Returns how many copies remain.
    @discardableResult
    public func remove(_ cardUUID: String, quantity: Int? = nil, from folderReference: String) throws -> Int {
        try database.write { db in
            let folder = try Self.folder(folderReference, in: db)
            return try Self.take(cardUUID, quantity: quantity, from: folder, in: db)
        }
    }

    /// Moves `quantity` copies (all when `nil`) of a card from one folder to another.
    public func move(
        _ cardUUID: String, quantity: Int? = nil, from sourceReference: String, to destinationReference: String
    ) throws {
        try database.write { db in
            let source = try Self.folder(sourceReference, in: db)
            let destination = try Self.folder(destinationReference, in: db)
            guard source.id != destination.id else { throw GetDicedError.sameFolder(source.name) }
            let entry = try Self.entry(cardUUID, in: source, db: db)
            // A count another program stored at 0 or below has no copies to move: "all" of it is none.
            if quantity == nil, entry.quantity < 1 {
                let name = try String.fetchOne(db, sql: "SELECT name FROM cards WHERE db_uuid = ?", arguments: [cardUUID])
                throw GetDicedError.noCopiesToMove(card: name ?? cardUUID, folder: source.name, have: entry.quantity)
            }
            let moved = quantity ?? entry.quantity
            _ = try Self.take(cardUUID, quantity: moved, from: source, in: db)
            try Self.add(cardUUID, quantity: moved, to: destination.id, in: db, now: database.clock())
        }
    }

    // MARK: - Helpers shared inside transactions

    static func folder(_ reference: String, in db: Database) throws -> Folder {
        if let folder = try Folder.fetchOne(db, key: reference) { return folder }
        let matches = try Folder.fetchAll(
            db, sql: "SELECT * FROM folders WHERE getdiced_fold(name) = getdiced_fold(?)", arguments: [reference])
        guard let folder = matches.first else { throw GetDicedError.folderNotFound(reference) }
        return folder
    }

    static func validName(_ name: String) throws -> String {
        try ValidName.checked(name, kind: "folder")
    }

    // Names must be unique because commands refer to folders by name.
    static func checkNameFree(_ name: String, in db: Database) throws {
        let taken = try Bool.fetchOne(
            db, sql: "SELECT EXISTS (SELECT 1 FROM folders WHERE getdiced_fold(name) = getdiced_fold(?) OR id = ?)",
            arguments: [name, name]) ?? false
        if taken { throw GetDicedError.nameTaken(kind: "folder", name: name) }
    }

    static func requireCard(_ uuid: String, in db: Database) throws {
        guard try Card.exists(db, key: uuid) else { throw GetDicedError.cardNotFound(uuid, suggestions: []) }
    }

    static func entry(_ cardUUID: String, in folder: Folder, db: Database) throws -> FolderCard {
        guard let entry = try FolderCard.fetchOne(db, key: ["folder_id": folder.id, "card_uuid": cardUUID]) else {
            let name = try String.fetchOne(db, sql: "SELECT name FROM cards WHERE db_uuid = ?", arguments: [cardUUID])
            throw GetDicedError.cardNotInFolder(card: name ?? cardUUID, folder: folder.name)
        }
        return entry
    }

    static func add(_ cardUUID: String, quantity: Int, to folderID: String, in db: Database, now: Int64) throws {
        if var entry = try FolderCard.fetchOne(db, key: ["folder_id": folderID, "card_uuid": cardUUID]) {
            guard entry.quantity <= FolderCard.maximumQuantity - quantity else {
                let card = try String.fetchOne(db, sql: "SELECT name FROM cards WHERE db_uuid = ?", arguments: [cardUUID])
                let folder = try String.fetchOne(db, sql: "SELECT name FROM folders WHERE id = ?", arguments: [folderID])
                throw GetDicedError.tooManyCopies(card: card ?? cardUUID, folder: folder ?? folderID, have: entry.quantity, adding: quantity)
            }
            entry.quantity += quantity
            try entry.update(db)
        } else {
            try requireCard(cardUUID, in: db)
            try FolderCard(folderID: folderID, cardUUID: cardUUID, quantity: quantity, addedAt: now).insert(db)
        }
    }

    static func take(_ cardUUID: String, quantity: Int?, from folder: Folder, in db: Database) throws -> Int {
        var entry = try entry(cardUUID, in: folder, db: db)
        // Every copy of a count another program stored at 0 or below: the entry goes.
        if quantity == nil, entry.quantity < 1 {
            try entry.delete(db)
            return 0
        }
        let taken = quantity ?? entry.quantity
        guard taken >= 1 else { throw GetDicedError.invalidQuantity(taken) }
        guard taken <= entry.quantity else {
            let name = try String.fetchOne(db, sql: "SELECT name FROM cards WHERE db_uuid = ?", arguments: [cardUUID])
            throw GetDicedError.notEnoughCopies(
                card: name ?? cardUUID, folder: folder.name, have: entry.quantity, requested: taken)
        }
        if taken == entry.quantity {
            try entry.delete(db)
            return 0
        }
        entry.quantity -= taken
        try entry.update(db)
        return entry.quantity
    }
}
