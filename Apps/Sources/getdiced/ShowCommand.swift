import ArgumentParser
import CommandLineSupport
import GetDiced

struct ShowCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "show",
        abstract: "Show a card with its related finishes and related cards.",
        discussion: "CARD is a db_uuid or an exact card name (ignoring case).")

    @Argument(help: ArgumentHelp("The card's db_uuid or exact name.", valueName: "CARD"))
    var card: String

    @OptionGroup var json: JSONOption

    @OptionGroup var database: DatabaseOptions

    func run() throws {
        let store = try database.open()
        let details = try store.details(of: try store.resolveCard(card))
        if json.enabled {
            try Output.json(details)
            return
        }
        let card = details.card
        var lines = ["\(card.name)", "  id:       \(card.dbUUID)", "  type:     \(card.cardType)"]
        func add(_ label: String, _ value: String?) {
            if let value, !value.isEmpty { lines.append("  \(Output.pad(label + ":", 9)) \(value)") }
        }
        add("number", card.deckCardNumber.map { "#\($0)" })
        add("attack", card.attackType?.rawValue)
        add("play", card.playOrder?.rawValue)
        if let power = card.power {
            let stats = [("Power", power), ("Agility", card.agility), ("Strike", card.strike),
                         ("Submission", card.submission), ("Grapple", card.grapple), ("Technique", card.technique)]
            add("stats", stats.map { "\($0.0) \($0.1.map(String.init) ?? "-")" }.joined(separator: ", "))
        }
        add("division", card.division)
        add("gender", card.gender)
        add("set", card.releaseSet)
        add("tags", card.tags)
        add("banned", card.isBanned ? "yes" : nil)
        add("rules", card.rulesText)
        add("errata", card.errataText)
        add("url", card.srgURL)
        lines.forEach { print(TerminalText.escaped($0)) }
        let sections = [
            ("Related finishes", details.relatedFinishes), ("Finish of", details.finishOf),
            ("Related cards", details.relatedCards), ("Related from", details.relatedFrom),
        ]
        for (title, cards) in sections where !cards.isEmpty {
            print("\n\(title):")
            Output.cardTable(cards).print(indent: "  ")
        }
    }
}
