import Foundation
import Testing

/// An ID is the 8 characters listings show, or more: a shorter start named whichever card
/// happened to be the only match, and `card delete` deleted it.
@Suite struct ShortIDTests {
    let home: TemporaryDirectory
    let cli: CardShowProcess

    init() throws {
        home = try TemporaryDirectory()
        cli = CardShowProcess(dataHome: home.url)
    }

    @Test func aCardIsNotDeletedByAnIDStartShorterThanTheEightCharactersListingsShow() throws {
        let id = try cli.addCard("Pikachu")
        let refused = try cli.run(["card", "delete", String(id.prefix(1))])
        // Before: "Deleted Pikachu #1.", by the first character of its ID.
        #expect(refused.status != 0, "\(refused.stdout)")
        #expect(refused.stderr.contains("is too short to name a card by its ID: give at least the first 8 characters of the ID, as listings show them"),
                "\(refused.stderr)")
        #expect(try cli.run(["card", "list", "--json"]).stdout.contains(id))
        #expect(try cli.run(["card", "delete", String(id.prefix(8))]).status == 0)
    }

    @Test func aCardNamedLikeTheStartOfAnotherCardsIDIsShownByItsName() throws {
        let id = try cli.addCard("Pikachu")
        let name = String(id.prefix(1))
        _ = try cli.addCard(name)
        let shown = try cli.run(["card", "show", name])
        // Before: Pikachu, whose ID begins with the name.
        #expect(shown.status == 0, "\(shown.stderr)")
        #expect(shown.stdout.hasPrefix("\(name) #1"), "\(shown.stdout)")
    }
}
