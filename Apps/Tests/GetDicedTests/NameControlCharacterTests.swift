import NameText
import Testing
@testable import GetDiced

/// A name with a control character is refused, saying which: a NUL would end it where
/// SQLite's text ends ("Evil<NUL>Deck" stored as "Evil").
@Suite struct NameControlCharacterTests {
    let directory: TemporaryDirectory
    let database: GetDicedDatabase

    init() throws {
        directory = try TemporaryDirectory()
        database = try TestCatalog.database(in: directory)
    }

    @Test func aDeckListNamedWithANULIsRefusedNamingTheCharacter() throws {
        let list = try DeckList.parse("Name: Evil\u{0}Deck\nAlternate: Flip Gordon")
        #expect(throws: GetDicedError.controlCharacterInName(kind: "deck", name: "Evil\\u{0}Deck", character: "\\u{0}")) {
            try DeckService(database: database).importDeckList(list)
        }
    }

    @Test func aFolderNamedWithAnEscapeIsRefused() throws {
        #expect(throws: GetDicedError.controlCharacterInName(kind: "folder", name: "Evil\\u{1B}[2J", character: "\\u{1B}")) {
            try FolderService(database: database).createFolder(named: "Evil\u{1B}[2J")
        }
    }

    @Test func aTabInAFolderNameIsRefusedInTheWordsEveryToolUses() throws {
        let expected = try #require(NameLineBreak(in: "My\tDecks", what: "folder name"))
        #expect(throws: expected) {
            try FolderService(database: database).createFolder(named: "My\tDecks")
        }
    }
}
