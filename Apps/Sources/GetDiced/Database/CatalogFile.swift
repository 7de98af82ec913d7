import Foundation
import GRDB

/// A card catalog file on disk, checked before anything reads from it.
enum CatalogFile {
    /// Opens `path` read-only after checking that it is an SQLite database with a
    /// non-empty `cards` table that has every column of the schema.
    static func open(_ path: String) throws -> DatabaseQueue {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw GetDicedError.catalogNotFound(path: path)
        }
        guard !isDirectory.boolValue else {
            throw GetDicedError.invalidCatalog(path: path, reason: "it is a directory")
        }
        var configuration = Configuration()
        configuration.readonly = true
        let queue: DatabaseQueue
        do {
            queue = try DatabaseQueue(path: FilePath.forSQLite(path), configuration: configuration)
            try queue.read { db in
                guard try db.tableExists(Card.databaseTableName) else {
                    throw GetDicedError.invalidCatalog(path: path, reason: "it has no cards table")
                }
                let columns = Set(try db.columns(in: Card.databaseTableName).map(\.name))
                let missing = Schema.cardColumns.filter { !columns.contains($0) }
                guard missing.isEmpty else {
                    throw GetDicedError.invalidCatalog(
                        path: path,
                        reason: "its cards table lacks the columns \(missing.joined(separator: ", "))")
                }
                guard try Card.fetchCount(db) > 0 else {
                    throw GetDicedError.invalidCatalog(path: path, reason: "its cards table is empty")
                }
                if let unreadable = try unreadableValue(in: db) {
                    throw GetDicedError.invalidCatalog(path: path, reason: unreadable)
                }
                if let problem = try unusableName(in: db) {
                    throw GetDicedError.invalidCatalog(path: path, reason: problem)
                }
                // As `sync --catalog` refuses it: `init` copied such a catalog, and `show` of the
                // card's id said no card has it while `search` listed it twice.
                if let repeated = try String.fetchOne(db, sql: "SELECT db_uuid FROM cards GROUP BY db_uuid HAVING COUNT(*) > 1 LIMIT 1") {
                    throw GetDicedError.invalidCatalog(path: path, reason: "card id \(repeated) appears twice")
                }
            }
        } catch let error as GetDicedError {
            throw error
        } catch let error as DatabaseError {
            throw GetDicedError.invalidCatalog(path: path, reason: Self.explain(error))
        }
        return queue
    }

    /// The kind of value each column of `cards` holds: text or a whole number, and whether every card has one.
    private static let kinds: [String: (type: String, required: Bool)] = {
        let wholeNumbers: Set<Card.CodingKeys> = [.isBanned, .syncedAt, .power, .agility, .strike, .submission, .grapple,
                                                   .technique, .deckCardNumber]
        let required: Set<Card.CodingKeys> = [.dbUUID, .name, .cardType, .isBanned, .syncedAt]
        return Dictionary(uniqueKeysWithValues: Card.CodingKeys.allCases.map {
            ($0.rawValue, (wholeNumbers.contains($0) ? "integer" : "text", required.contains($0)))
        })
    }()

    /// The first value of the catalog's cards that is missing where every card has one, or of
    /// another kind than its column's (text for a number, bytes for a name), in words; nil when
    /// every value reads. GRDB reads text in a number column as 0 and bytes as the text they
    /// spell up to their first NUL, so a catalog another program wrote so gave cards a power
    /// of 0 or an empty name without a word; a NULL where a card needs a value was copied by
    /// `init` into a database no command could read.
    static func unreadableValue(in db: Database) throws -> String? {
        for column in Schema.cardColumns {
            guard let kind = kinds[column] else { continue }
            let allowed = kind.required ? "'\(kind.type)'" : "'\(kind.type)', 'null'"
            guard let row = try Row.fetchOne(db, sql: """
                SELECT db_uuid, typeof(db_uuid) AS idKind, \(column) AS value, typeof(\(column)) AS kind
                FROM cards WHERE typeof(\(column)) NOT IN (\(allowed)) LIMIT 1
                """) else { continue }
            let card = (row["idKind"] as String?) == "text" ? "the card \"\(shown(row["db_uuid"]))\"" : "a card"
            if (row["kind"] as String?) == "null" {
                return "\(card) has no \(column) (it is NULL), which every card needs"
            }
            let value: String = switch row["kind"] as String? {
            case "text": "\"\(shown(row["value"]))\""
            case "blob": (row["value"] as Data?)?.count == 1 ? "1 byte of binary data" : "\((row["value"] as Data?)?.count ?? 0) bytes of binary data"
            default: shown(row["value"])
            }
            return "\(card) has \(value) as its \(column), where \(kind.type == "integer" ? "a whole number" : "text") belongs"
        }
        return nil
    }

    /// The first card whose name no one could type, in words; nil when every name can be.
    /// `show` and the folder and deck commands take a card's name without the spaces around
    /// it, so an empty name, or one that starts or ends with a space, named a card listed by
    /// `search` that no command could find by name.
    static func unusableName(in db: Database) throws -> String? {
        guard let row = try Row.fetchOne(db, sql: """
            SELECT db_uuid, name FROM cards WHERE trim(name) = '' OR name <> trim(name) LIMIT 1
            """) else { return nil }
        let card = "the card \"\(shown(row["db_uuid"]))\""
        if (row["name"] as String?).map({ $0.trimmingCharacters(in: .whitespaces).isEmpty }) ?? true {
            return "\(card) has an empty name, which every card needs"
        }
        return "\(card) has the name \"\(shown(row["name"]))\", which starts or ends with a space no one could type"
    }

    /// A value of the catalog as a message quotes it: its first 40 characters.
    private static func shown(_ value: DatabaseValue) -> String {
        let text = switch value.storage {
        case .string(let text): text
        case .int64(let number): String(number)
        case .double(let number): String(number)
        default: ""
        }
        return text.count > 40 ? String(text.prefix(39)) + "…" : text
    }

    /// Says what an SQLite error means for a file someone expected to be a catalog.
    /// Whether a copy of the catalog failed in writing the copy rather than in reading the catalog.
    static func isWriteFailure(_ error: DatabaseError) -> Bool {
        switch error.resultCode {
        case .SQLITE_FULL, .SQLITE_READONLY: true
        case .SQLITE_IOERR: error.extendedResultCode != .SQLITE_IOERR_READ && error.extendedResultCode != .SQLITE_IOERR_SHORT_READ
        default: false
        }
    }

    static func explain(_ error: DatabaseError) -> String {
        switch error.resultCode {
        case .SQLITE_NOTADB: "it is not an SQLite database"
        case .SQLITE_CORRUPT: "the database is corrupt"
        case .SQLITE_CANTOPEN, .SQLITE_PERM, .SQLITE_AUTH: "it cannot be opened (\(error.message ?? "permission denied"))"
        default: error.message ?? "\(error)"
        }
    }
}
