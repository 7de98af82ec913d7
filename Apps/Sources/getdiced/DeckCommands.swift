import ArgumentParser
import CommandLineSupport
import Foundation
import GetDiced
import JSONText

struct DeckCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "deck",
        abstract: "Build, check and share decks.",
        discussion: """
            DECK is a deck id or name (ignoring case); CARD is a db_uuid or exact card name. A deck \
            has an entrance, competitors (1 for Singles, 2 Tornado, 3 Trios, 4 Tag), main deck slots \
            1-30, finishes and alternates. Its format comes from its deck folder.
            """,
        subcommands: [
            List.self, Create.self, Add.self, Remove.self, Show.self, Validate.self, Export.self, Import.self,
            Rename.self, Spectacle.self, Delete.self,
        ],
        aliases: ["decks"])

    struct List: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "List decks with their card counts.")

        @Option(help: ArgumentHelp("Only the decks of this deck folder (singles, tornado, trios, tag, ...).", valueName: "FOLDER"))
        var folder: String?
        @OptionGroup var json: JSONOption
        @OptionGroup var database: DatabaseOptions

        func run() throws {
            let service = try DeckService(database: database.open())
            let decks = try service.decks(inFolder: folder)
            if json.enabled { return try Output.json(decks) }
            if decks.isEmpty { return Output.note("No decks.") }
            let folderNames = Dictionary(uniqueKeysWithValues: try service.deckFolders().map { ($0.id, $0.name) })
            var table = Table("DECK", "FOLDER", "SPECTACLE", "CARDS", "ID")
            for summary in decks {
                let folderName = folderNames[summary.deck.folderID] ?? summary.deck.folderID
                table.add(summary.deck.name, folderName, "\(summary.deck.spectacleType)",
                          counted(summary.cardCount, "card"), summary.deck.id)
            }
            table.print()
        }
    }

    struct Create: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Create an empty deck.")

        @Argument(help: "The deck's name.") var name: String
        @Option(help: ArgumentHelp("The deck folder, which sets the format.", valueName: "FOLDER"))
        var folder: String = DeckFormat.singles.deckFolderID
        @Option(help: ArgumentHelp("NEWMAN or VALIANT.", valueName: "TYPE"), transform: parseSpectacle)
        var spectacle: SpectacleType = .valiant
        @OptionGroup var json: JSONOption
        @OptionGroup var database: DatabaseOptions

        func run() throws {
            let deck = try DeckService(database: database.open())
                .createDeck(named: name, inFolder: folder, spectacleType: spectacle)
            if json.enabled { return try Output.json(deck) }
            print("Created deck '\(deck.name.forTerminal)' (\(deck.id)).")
        }
    }

    struct Add: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Put a card into a slot of a deck.",
            discussion: """
                Without --number: the entrance takes slot 0, a competitor the first free slot 0-3, a \
                main deck card the slot of its own card number, finishes and alternates the next slot. \
                A card already in that slot is replaced.
                """)

        @Argument(help: "The deck.") var deck: String
        @Argument(help: "The card.") var card: String
        @Option(help: ArgumentHelp("entrance, competitor, deck, finish or alternate.", valueName: "SLOT"), transform: parseSlot)
        var slot: SlotType
        @Option(parsing: .unconditional, help: ArgumentHelp("The slot number (deck: 1-30, competitor: 0-3).", valueName: "N"), transform: WholeNumber.parse) var number: Int?
        @OptionGroup var json: JSONOption
        @OptionGroup var database: DatabaseOptions

        func run() throws {
            let store = try database.open()
            let card = try store.resolveCard(self.card)
            let placement = try DeckService(database: store).place(card.dbUUID, in: deck, slot: slot, number: number)
            if json.enabled { return try Output.json(placement.placed) }
            var message = "Put \(card.name) in \(slot) \(placement.placed.slotNumber)"
            if let replaced = placement.replaced, replaced.cardUUID != card.dbUUID {
                message += ", replacing \((try store.card(uuid: replaced.cardUUID))?.name ?? replaced.cardUUID)"
            }
            print(message + ".")
        }
    }

    struct Remove: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Empty a slot of a deck.")

        @Argument(help: "The deck.") var deck: String
        @Option(help: ArgumentHelp("entrance, competitor, deck, finish or alternate.", valueName: "SLOT"), transform: parseSlot)
        var slot: SlotType
        @Option(parsing: .unconditional, help: ArgumentHelp("The slot number (default: 0).", valueName: "N"), transform: WholeNumber.parse) var number: Int = 0
        @OptionGroup var json: JSONOption
        @OptionGroup var database: DatabaseOptions

        func run() throws {
            let store = try database.open()
            let removed = try DeckService(database: store).removeCard(from: deck, slot: slot, number: number)
            if json.enabled { return try Output.json(removed) }
            let name = try store.card(uuid: removed.cardUUID)?.name ?? removed.cardUUID
            print("Removed \(name.forTerminal) from \(slot) \(number).")
        }
    }

    struct Show: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "List a deck's cards in slot order.")

        @Argument(help: "The deck.") var deck: String
        @OptionGroup var json: JSONOption
        @OptionGroup var database: DatabaseOptions

        struct DeckJSON: Encodable {
            var deck: Deck
            var cards: [DeckCardEntry]
            var missingFromCatalog: [DeckCard]

            enum CodingKeys: String, CodingKey {
                case deck, cards
                case missingFromCatalog = "missing_from_catalog"
            }
        }

        func run() throws {
            let store = try database.open()
            let deck = try DeckService(database: store).deck(self.deck)
            let entries = try store.cardsInDeck(deck.id)
            let missing = try store.slotsMissingFromCatalog(inDeck: deck.id)
            if json.enabled { return try Output.json(DeckJSON(deck: deck, cards: entries, missingFromCatalog: missing)) }
            print(TerminalText.escaped("\(deck.name)  (\(deck.spectacleType), folder \(deck.folderID), "
                                 + counted(entries.count + missing.count, "card") + ")"))
            let found = entries.map { entry in
                (entry.slotType, entry.slotNumber, [entry.card.name, entry.card.cardType.rawValue
                    + (entry.card.deckCardNumber.map { " #\($0)" } ?? ""), entry.card.dbUUID])
            }
            let gone = missing.map { ($0.slotType, $0.slotNumber, ["(card no longer in the catalog)", "", $0.cardUUID]) }
            func rank(_ slot: SlotType) -> Int { SlotType.knownCases.firstIndex(of: slot) ?? SlotType.knownCases.count }
            var table = Table("SLOT", "NAME", "TYPE", "DB_UUID")
            for (slotType, number, cells) in (found + gone).sorted(by: { (rank($0.0), $0.1) < (rank($1.0), $1.1) }) {
                table.rows.append(["\(slotType) \(number)"] + cells)
            }
            table.print(indent: "  ")
        }
    }

    struct Validate: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Check a deck against the rules of its format.",
            discussion: "Lists every rule the deck breaks, and exits with status 1 if it breaks any.")

        @Argument(help: "The deck.") var deck: String
        @Option(help: ArgumentHelp("Check as singles, tornado, trios or tag (default: the deck folder's format).", valueName: "FORMAT"), transform: parseFormat)
        var format: DeckFormat?
        @OptionGroup var json: JSONOption
        @OptionGroup var database: DatabaseOptions

        func run() throws {
            let report = try DeckService(database: database.open()).validate(deck, format: format)
            if json.enabled {
                try Output.json(report)
            } else if report.isValid {
                print("'\(report.deck.name.forTerminal)' is a valid \(report.format.name) deck.")
            } else {
                print("'\(report.deck.name.forTerminal)' breaks \(counted(report.violations.count, "\(report.format.name) rule")):")
                report.violations.forEach { print("  - \(String(describing: $0).forTerminal)") }
            }
            if !report.isValid { throw ExitCode.failure }
        }
    }

    struct Export: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Write a deck as a text deck list.")

        @Argument(help: "The deck.") var deck: String
        @Option(name: .shortAndLong, help: ArgumentHelp("Write to this file instead of stdout.", valueName: "FILE"), completion: .file(), transform: OutputArgument.file)
        var output: String?
        @OptionGroup var force: ForceOption
        @OptionGroup var database: DatabaseOptions

        func run() throws {
            if let output {
                try OutputFile.refuseStore(UserPath.expanded(output), store: database.path, called: "database")
                try OutputFile.refuseExisting(UserPath.expanded(output), force: force.enabled)
            }
            let text = try DeckService(database: database.open()).exportDeckList(deck).render()
            guard let output else { return print(text, terminator: "") }
            let path = UserPath.expanded(output)
            let written = try OutputFile.save(Data(text.utf8), to: path, sparing: database.path, called: "database", force: force.enabled)
            guard written.mayBeNotedOnStandardOutput else { return }
            // On standard output, as the other tools' exports say what they wrote.
            print("Wrote \(path.forTerminal).")
        }
    }

    struct Import: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Create a deck from a text deck list.",
            discussion: """
                Card names are resolved against the catalog. If any cannot be, every such line is \
                listed and nothing is created, unless --allow-unresolved is given.
                """)

        @Argument(help: ArgumentHelp("The deck list file, or - for stdin.", valueName: "FILE"), completion: .file())
        var file: String
        @Option(help: "Name the deck (default: the list's Name: line).") var name: String?
        @Option(help: ArgumentHelp("The deck folder (default: the list's Format:, else singles).", valueName: "FOLDER"))
        var folder: String?
        @Flag(help: "Import the cards that resolve and leave the others out.") var allowUnresolved = false
        @OptionGroup var json: JSONOption
        @OptionGroup var database: DatabaseOptions

        func run() throws {
            // The list is read inside too: standard input may take as long as its writer does.
            let result = try Interruption.whileImporting(store: "the database", json: json.enabled) {
                let list = try DeckList.parse(try readList())
                let bar = ProgressBar("Importing", enabled: list.entries.count >= ProgressBar.threshold)
                defer { bar.finish() }
                let decks = DeckService(database: try database.open())
                return try decks.importDeckList(list, name: name, inFolder: folder, allowUnresolved: allowUnresolved, progress: bar.handler)
            }
            for problem in result.unresolved where json.enabled { Output.note("Left out \(String(describing: problem).forTerminal).") }
            if json.enabled { return try Output.json(result.deck) }
            print("Imported deck '\(result.deck.name.forTerminal)' (\(result.deck.id)) with \(counted(result.placed.count, "card")).")
            for problem in result.unresolved { Output.note("Left out \(String(describing: problem).forTerminal).") }
        }

        /// The deck list's text, from the file or standard input.
        private func readList() throws -> String {
            let text: String
            if file == "-" {
                text = try InputFile.standardInputText(what: "deck list")
            } else {
                text = try InputFile.text(UserPath.expanded(file), what: "deck list") { start in
                    // A log, JSON or another program's file is refused for its first lines, as the whole file would be.
                    if let other = ForeignFile.jsonStartMismatch(start, expected: Self.expected) { throw refusal(other) }
                    try refuseMismatch(start)
                    if let lines = TextStart.completeLines(start) { try DeckList.refuseStart(String(decoding: lines, as: UTF8.self)) }
                }
            }
            try refuseMismatch(Data(text.utf8))
            return text
        }

        /// A file that is plainly not a deck list (JSON, a calendar, another app's CSV) is named as what it is.
        private func refuseMismatch(_ data: Data) throws {
            if let other = ForeignFile.mismatch(data, expected: Self.expected) { throw refusal(other) }
        }

        private static let expected = "a Get Diced deck list"

        private func refusal(_ other: String) -> ToolError {
            let source = file == "-" ? "The standard input" : TerminalText.quoted(file)
            return ToolError("\(source): \(other). A deck list is text with a card on each line. Nothing was imported.")
        }
    }

    struct Rename: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Rename a deck.")

        @Argument(help: "The deck.") var deck: String
        @Argument(help: "Its new name.") var newName: String
        @OptionGroup var json: JSONOption
        @OptionGroup var database: DatabaseOptions

        func run() throws {
            let renamed = try DeckService(database: database.open()).renameDeck(deck, to: newName)
            if json.enabled { return try Output.json(renamed) }
            print("Renamed deck to '\(renamed.name.forTerminal)'.")
        }
    }

    struct Spectacle: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Set a deck's spectacle type.")

        @Argument(help: "The deck.") var deck: String
        @Argument(help: ArgumentHelp("NEWMAN or VALIANT.", valueName: "TYPE"), transform: parseSpectacle)
        var spectacle: SpectacleType
        @OptionGroup var json: JSONOption
        @OptionGroup var database: DatabaseOptions

        func run() throws {
            let updated = try DeckService(database: database.open()).setSpectacleType(spectacle, of: deck)
            if json.enabled { return try Output.json(updated) }
            print("'\(updated.name.forTerminal)' is now \(updated.spectacleType).")
        }
    }

    struct Delete: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Delete a deck and its slots.")

        @Argument(help: "The deck.") var deck: String
        @OptionGroup var json: JSONOption
        @OptionGroup var database: DatabaseOptions

        func run() throws {
            let deleted = try DeckService(database: database.open()).deleteDeck(deck)
            if json.enabled { return try Output.json(deleted) }
            print("Deleted deck '\(deleted.name.forTerminal)'.")
        }
    }
}

private func parseSlot(_ text: String) throws -> SlotType {
    guard let slot = SlotType.matching(text) else {
        throw ValidationError("Unknown slot '\(text)'; use entrance, competitor, deck, finish or alternate.")
    }
    return slot
}

private func parseSpectacle(_ text: String) throws -> SpectacleType {
    guard let spectacle = SpectacleType.matching(text) else {
        throw ValidationError("Unknown spectacle type '\(text)'; use NEWMAN or VALIANT.")
    }
    return spectacle
}

private func parseFormat(_ text: String) throws -> DeckFormat {
    guard let format = DeckFormat(named: text) else {
        throw ValidationError("Unknown format '\(text)'; use singles, tornado, trios or tag.")
    }
    return format
}
