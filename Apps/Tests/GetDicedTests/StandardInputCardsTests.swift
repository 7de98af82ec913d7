import CommandLineTestSupport
import Foundation
import Testing

/// `getdiced folder add FOLDER -` reads the cards from standard input, one a line: a name
/// may hold spaces, and thousands of cards as arguments cost the argument parser time in
/// the square of their count.
@Suite struct StandardInputCardsTests {
    @Test func cardsNamedOnStandardInputAreAddedToTheFolder() throws {
        let (directory, database) = try TestCatalog.databaseWithASinglesDeck()
        let names = directory.file("cards.txt")
        try "Flip Gordon\n\n  Crypto Currency  \n".write(toFile: names, atomically: true, encoding: .utf8)
        let added = try ToolProcess("getdiced", environment: ["GETDICED_CATALOG": nil])
            .runShell("folder add Owned - --db '\(database)' < '\(names)'")
        #expect(added.status == 0, "\(added.stderr)")
        #expect(added.stdout.contains("Added 1 × Flip Gordon to 'Owned'."), "\(added.stdout)")
        #expect(added.stdout.contains("Added 1 × Crypto Currency to 'Owned'."), "\(added.stdout)")
    }
}
