import Foundation
import Testing

/// `deck import` counts what it placed in words that agree with the number.
@Suite struct DeckImportCountTests {
    @Test func aDeckOfOneCardIsImportedWithOneCardNotOneCards() throws {
        let (directory, database) = try TestCatalog.databaseWithASinglesDeck()
        let list = directory.file("one.txt")
        try "Name: Just Gordon\nFormat: Singles\nCompetitor: Flip Gordon\n".write(toFile: list, atomically: true, encoding: .utf8)
        let output = try GetDicedProcess().run(["deck", "import", list, "--db", database])
        #expect(output.status == 0, "\(output.stderr)")
        #expect(output.stdout.contains("with 1 card."), "\(output.stdout)")
    }

    @Test func oneCardTheCatalogCannotResolveIsCountedAsOneCardNotCards() throws {
        let (directory, database) = try TestCatalog.databaseWithASinglesDeck()
        let list = directory.file("unknown.txt")
        try "Name: Nobody\nFormat: Singles\nCompetitor: No Such Wrestler\n".write(toFile: list, atomically: true, encoding: .utf8)
        let output = try GetDicedProcess().run(["deck", "import", list, "--db", database])
        #expect(output.status != 0)
        #expect(output.stderr.contains("has 1 card the catalog cannot resolve"), "\(output.stderr)")
    }
}
