import CommandLineTestSupport
import Foundation
import Testing

/// `deck import -` reads the deck list from standard input, held to what a file is held to.
@Suite struct StandardInputDeckListTests {
    @Test func aDeckListOnStandardInputThatIsNotUTF8IsRefusedNotStoredWithReplacementCharacters() throws {
        let (directory, database) = try TestCatalog.databaseWithASinglesDeck()
        let list = directory.file("latin1.txt")
        // "Café" in Latin-1: the é is the byte E9, which is not UTF-8.
        try Data("Name: Caf".utf8 + [0xE9] + " Deck\nFormat: Singles\nCompetitor: Flip Gordon\n".utf8).write(to: URL(fileURLWithPath: list))
        let output = try ToolProcess("getdiced", environment: ["GETDICED_CATALOG": nil])
            .runShell("deck import - --db '\(database)' < '\(list)'")
        #expect(output.status != 0)
        #expect(output.stderr.contains("The deck list on standard input is not UTF-8 text"), "\(output.stderr)")
        let decks = try GetDicedProcess().run(["deck", "list", "--db", database])
        #expect(!decks.stdout.contains("Caf"), "\(decks.stdout)")
    }

    /// Issue 33's twentieth pass: a list in UTF-16 without a byte order mark is valid UTF-8,
    /// a NUL after each letter, and was read as lines no card is named.
    @Test func aDeckListOnStandardInputInUTF16WithoutAByteOrderMarkIsRefusedAsNotUTF8() throws {
        let (directory, database) = try TestCatalog.databaseWithASinglesDeck()
        let list = directory.file("utf16.txt")
        try #require("Name: Cafe Deck\nFormat: Singles\nCompetitor: Flip Gordon\n".data(using: .utf16LittleEndian))
            .write(to: URL(fileURLWithPath: list))
        let output = try ToolProcess("getdiced", environment: ["GETDICED_CATALOG": nil])
            .runShell("deck import - --db '\(database)' < '\(list)'")
        #expect(output.status != 0)
        #expect(output.stderr.contains("The deck list on standard input is not UTF-8 text"), "\(output.stderr)")
    }

    /// Issue 33's twenty-second pass: `deck import - --db g.db < g.db` (a database on standard
    /// input, the command's own) was "not UTF-8 text. Convert it to UTF-8 (iconv -t UTF-8)".
    @Test func aDatabaseOnStandardInputIsNamedADatabaseNotTextToConvert() throws {
        let (directory, database) = try TestCatalog.databaseWithASinglesDeck()
        let output = try withExtendedLifetime(directory) {
            try ToolProcess("getdiced", environment: ["GETDICED_CATALOG": nil]).runShell("deck import - --db '\(database)' < '\(database)'")
        }
        #expect(output.status != 0)
        #expect(output.stderr.contains("Standard input is an SQLite database (a store, perhaps), not a deck list"), "\(output.stderr)")
        #expect(!output.stderr.contains("UTF-8"), "\(output.stderr)")
    }

    /// Issue 33's twenty-third pass: standard input opened for writing (`0> FILE`) was "There
    /// is no deck list on standard input: it is closed (the command was started with <&-)".
    @Test func aStandardInputOpenForWritingIsNamedSoNotClosed() throws {
        let (directory, database) = try TestCatalog.databaseWithASinglesDeck()
        let written = directory.file("written.txt")
        let (opened, closed) = try withExtendedLifetime(directory) {
            let getdiced = ToolProcess("getdiced", environment: ["GETDICED_CATALOG": nil])
            return (try getdiced.runShell("deck import - --db '\(database)' 0> '\(written)'"),
                    try getdiced.runShell("deck import - --db '\(database)' <&-"))
        }
        #expect(opened.status == 1 && opened.stderr.contains("standard input: it is open for writing only (the command was "
                                                             + "started with 0> FILE, where < FILE reads)"), "\(opened.stderr)")
        #expect(closed.status == 1 && closed.stderr.contains("it is closed (the command was started with <&-)"), "\(closed.stderr)")
    }

    @Test func anEndlessStandardInputIsRefusedAtItsLimitNotReadUntilMemoryRunsOut() throws {
        let (_, database) = try TestCatalog.databaseWithASinglesDeck()
        let output = try ToolProcess("getdiced", environment: ["GETDICED_CATALOG": nil])
            .runShell("deck import - --db '\(database)' < /dev/zero")
        #expect(output.status == 1, "\(output.stderr)")
        #expect(output.stderr.contains("The deck list on standard input is over 64 MB"), "\(output.stderr)")
    }

    @Test func aDeckListWithoutLineBreaksIsRefusedQuicklyNamingItsLine() throws {
        let (directory, database) = try TestCatalog.databaseWithASinglesDeck()
        let list = directory.file("one-line.txt")
        try Data(repeating: UInt8(ascii: "a"), count: 30 << 20).write(to: URL(fileURLWithPath: list))
        let started = Date()
        let output = try ToolProcess("getdiced", environment: ["GETDICED_CATALOG": nil]).run(["deck", "import", list, "--db", database])
        #expect(output.status == 1, "\(output.stderr)")
        #expect(output.stderr.contains("line 1"), "\(output.stderr.prefix(500))")
        #expect(output.stderr.count < 1_000, "\(output.stderr.prefix(500))")
        #expect(Date().timeIntervalSince(started) < 5)
    }
}
