import ArgumentParser
import CommandLineSupport
import GetDiced

struct SearchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "search",
        abstract: "Find cards by name, card type, attack type and division.",
        discussion: """
            TEXT matches any part of the name, ignoring case. With --json the result is a JSON \
            array of cards with every catalog column (db_uuid, name, card_type, ...).
            """)

    @Argument(help: ArgumentHelp("Part of the card name (ignoring case).", valueName: "TEXT"))
    var text: String?

    @Option(name: .customLong("type"), help: ArgumentHelp(
        "Only cards of this type: \(CardType.knownCases.map(\.rawValue).joined(separator: ", ")).",
        valueName: "CARD_TYPE"))
    var cardType: String?

    @Option(name: .customLong("attack"), help: ArgumentHelp("Only this attack type: Strike, Grapple, Submission.", valueName: "ATK_TYPE"))
    var attackType: String?

    @Option(help: ArgumentHelp("Only competitors of this division (e.g. Global, Hardcore).", valueName: "DIVISION"))
    var division: String?

    @Option(parsing: .unconditional, help: ArgumentHelp("At most N cards (default: 100).", valueName: "N"), transform: WholeNumber.parse)
    var limit: Int = 100

    @OptionGroup var json: JSONOption

    @OptionGroup var database: DatabaseOptions

    func validate() throws {
        guard limit >= 1 else { throw ValidationError("--limit must be at least 1 (got \(limit)).") }
        if let cardType, CardType.matching(cardType) == nil {
            let known = CardType.knownCases.map(\.rawValue).joined(separator: ", ")
            throw ValidationError("\"\(cardType)\" is not a card type; use one of \(known).")
        }
        if let attackType, AttackType.matching(attackType) == nil {
            let known = AttackType.knownCases.map(\.rawValue).joined(separator: ", ")
            throw ValidationError("\"\(attackType)\" is not an attack type; use one of \(known).")
        }
    }

    func run() throws {
        let search = CardSearch(
            text: text,
            cardType: cardType.map { CardType.matching($0) ?? CardType(rawValue: $0) },
            attackType: attackType.map { AttackType.matching($0) ?? AttackType(rawValue: $0) },
            division: division,
            limit: limit)
        let cards = try database.open().searchCards(search)
        if json.enabled {
            try Output.json(cards)
            return
        }
        if cards.isEmpty {
            Output.note("No cards match.")
            return
        }
        Output.cardTable(cards).print()
        if cards.count == limit {
            Output.note(limit == 1 ? "(showing the first match; raise --limit for more)"
                                   : "(showing the first \(limit) matches; raise --limit for more)")
        }
    }
}
