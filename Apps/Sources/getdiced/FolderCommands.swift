import ArgumentParser
import CommandLineSupport
import GetDiced

struct FolderCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "folder",
        abstract: "Manage collection folders (Owned, Wanted, Trade and your own) and their cards.",
        discussion: "FOLDER is a folder id or name (ignoring case); CARD is a db_uuid or exact card name.",
        subcommands: [
            List.self, Show.self, Create.self, Rename.self, Delete.self, Add.self, Remove.self, Move.self,
        ],
        aliases: ["folders"])

    struct List: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "List folders with their card counts.")

        @OptionGroup var json: JSONOption

        @OptionGroup var database: DatabaseOptions

        func run() throws {
            let folders = try FolderService(database: database.open()).folders()
            if json.enabled { return try Output.json(folders) }
            var table = Table("FOLDER", "KIND", "CONTENTS", "ID")
            for summary in folders {
                table.add(summary.folder.name, summary.folder.isDefault ? "default" : "custom",
                          counted(summary.entryCount, "card") + ", " + counted(summary.totalQuantity, "copy", plural: "copies"),
                          summary.folder.id)
            }
            table.print()
        }
    }

    struct Show: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "List the cards in a folder with their quantities.")

        @Argument(help: "The folder.") var folder: String
        @OptionGroup var json: JSONOption
        @OptionGroup var database: DatabaseOptions

        func quantity(_ count: Int) -> String { "\(count)×" }

        func run() throws {
            let store = try database.open()
            let folder = try FolderService(database: store).folder(self.folder)
            let entries = try store.cardsInFolder(folder.id)
            let missing = try store.entriesMissingFromCatalog(inFolder: folder.id)
            if json.enabled { return try Output.json(entries) }
            if entries.isEmpty, missing.isEmpty { Output.note("Folder '\(folder.name.forTerminal)' is empty.") }
            var table = Table("QTY", "NAME", "TYPE", "DB_UUID", rightAligned: [0])
            for entry in entries {
                let card = entry.card
                table.add(quantity(entry.quantity), card.name,
                          card.cardType.rawValue + (card.deckCardNumber.map { " #\($0)" } ?? ""), card.dbUUID)
            }
            for entry in missing {
                table.add(quantity(entry.quantity), "(card no longer in the catalog)", "", entry.cardUUID)
            }
            if !table.rows.isEmpty { table.print() }
        }
    }

    struct Create: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Create a custom folder.")

        @Argument(help: "The new folder's name.") var name: String
        @OptionGroup var json: JSONOption
        @OptionGroup var database: DatabaseOptions

        func run() throws {
            let folder = try FolderService(database: database.open()).createFolder(named: name)
            if json.enabled { return try Output.json(folder) }
            print("Created folder '\(folder.name.forTerminal)' (\(folder.id)).")
        }
    }

    struct Rename: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Rename a custom folder.")

        @Argument(help: "The folder.") var folder: String
        @Argument(help: "Its new name.") var newName: String
        @OptionGroup var json: JSONOption
        @OptionGroup var database: DatabaseOptions

        func run() throws {
            let renamed = try FolderService(database: database.open()).renameFolder(folder, to: newName)
            if json.enabled { return try Output.json(renamed) }
            print("Renamed folder to '\(renamed.name.forTerminal)'.")
        }
    }

    struct Delete: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Delete a custom folder.",
            discussion: "A folder that holds cards is only deleted, with its cards, when --force is given.")

        @Argument(help: "The folder.") var folder: String
        @Flag(help: "Delete the folder even if it holds cards.") var force = false
        @OptionGroup var json: JSONOption
        @OptionGroup var database: DatabaseOptions

        func run() throws {
            let service = try FolderService(database: database.open())
            let target = try service.folder(folder)
            let summary = try service.folders().first { $0.folder.id == target.id }
            if let summary, summary.entryCount > 0, !force, !target.isDefault {
                throw ToolError(
                    "Folder '\(target.name)' holds \(counted(summary.entryCount, "card")); pass --force to delete it with its cards.")
            }
            let deleted = try service.deleteFolder(target.id)
            if json.enabled { return try Output.json(deleted) }
            print("Deleted folder '\(deleted.name.forTerminal)'.")
        }
    }

    struct Add: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Add cards to a folder.",
            discussion: "All cards are added, or none if one cannot be found.")

        @Argument(help: "The folder.") var folder: String
        @Argument(help: ArgumentHelp("Cards to add; - reads them from standard input, one a line.", valueName: "CARD")) var cards: [String]
        @Option(parsing: .unconditional, help: "Copies of each card to add (default: 1).", transform: WholeNumber.parse) var quantity: Int = 1
        @OptionGroup var json: JSONOption
        @OptionGroup var database: DatabaseOptions

        func validate() throws {
            guard !cards.isEmpty else { throw ValidationError("Name at least one card to add.") }
            guard (1...FolderCard.maximumQuantity).contains(quantity) else {
                throw ValidationError("--quantity must be from 1 to \(FolderCard.maximumQuantity) (got \(quantity)).")
            }
        }

        func run() throws {
            let store = try database.open()
            let resolved = try StandardInputList.expanded(cards, what: "cards").map { try store.resolveCard($0) }
            let service = FolderService(database: store)
            let target = try service.folder(folder)
            // The name as typed: a folder another process deleted since the look-up above is then
            // named as the user named it, not by its id.
            try service.add(resolved.map(\.dbUUID), quantity: quantity, to: folder)
            if json.enabled {
                return try Output.json(FolderChangeJSON(action: "added", folderID: target.id,
                                                        cardUUIDs: resolved.map(\.dbUUID), quantity: quantity))
            }
            for card in resolved { print("Added \(quantity) × \(card.name.forTerminal) to '\(target.name.forTerminal)'.") }
        }
    }

    struct Remove: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Remove a card from a folder.",
            discussion: "Without --quantity the whole entry goes.")

        @Argument(help: "The folder.") var folder: String
        @Argument(help: "The card.") var card: String
        @Option(parsing: .unconditional, help: "Copies to remove (default: all).", transform: WholeNumber.parse) var quantity: Int?
        @OptionGroup var json: JSONOption
        @OptionGroup var database: DatabaseOptions

        func validate() throws {
            if let quantity, quantity < 1 { throw ValidationError("--quantity must be from 1 to \(FolderCard.maximumQuantity) (got \(quantity)).") }
        }

        func run() throws {
            let store = try database.open()
            let service = FolderService(database: store)
            let target = try service.folder(folder)
            let uuid = try cardUUID(card, inFolder: target.id, store: store)
            let left = try service.remove(uuid, quantity: quantity, from: folder)
            if json.enabled {
                return try Output.json(FolderChangeJSON(action: "removed", folderID: target.id, cardUUIDs: [uuid],
                                                        quantity: quantity, left: left))
            }
            print("Removed from '\(target.name.forTerminal)'; \(left) left.")
        }
    }

    struct Move: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Move copies of a card from one folder to another.",
            discussion: "Without --quantity every copy moves.")

        @Argument(help: "The card.") var card: String
        @Option(help: ArgumentHelp("The folder to take it from.", valueName: "FOLDER")) var from: String
        @Option(help: ArgumentHelp("The folder to put it in.", valueName: "FOLDER")) var to: String
        @Option(parsing: .unconditional, help: "Copies to move (default: all).", transform: WholeNumber.parse) var quantity: Int?
        @OptionGroup var json: JSONOption
        @OptionGroup var database: DatabaseOptions

        func validate() throws {
            if let quantity, quantity < 1 { throw ValidationError("--quantity must be from 1 to \(FolderCard.maximumQuantity) (got \(quantity)).") }
        }

        func run() throws {
            let store = try database.open()
            let service = FolderService(database: store)
            let source = try service.folder(from)
            let destination = try service.folder(to)
            let uuid = try cardUUID(card, inFolder: source.id, store: store)
            try service.move(uuid, quantity: quantity, from: from, to: to)
            if json.enabled {
                return try Output.json(FolderChangeJSON(action: "moved", folderID: source.id, toFolderID: destination.id,
                                                        cardUUIDs: [uuid], quantity: quantity))
            }
            print("Moved \(quantity.map(String.init) ?? "all copies") from '\(source.name.forTerminal)' to '\(destination.name.forTerminal)'.")
        }
    }
}

/// The card a folder command means: an entry's id as written (which also reaches
/// entries whose card left the catalog), else a catalog card by id or name.
private func cardUUID(_ reference: String, inFolder folderID: String, store: GetDicedDatabase) throws -> String {
    if try store.entriesMissingFromCatalog(inFolder: folderID).contains(where: { $0.cardUUID == reference }) {
        return reference
    }
    return try store.resolveCard(reference).dbUUID
}
