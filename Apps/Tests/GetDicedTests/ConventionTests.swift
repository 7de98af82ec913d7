import CommandLineTestSupport
import Foundation
import Testing
@testable import GetDiced

/// getdiced keeps the conventions of the other four tools: `--db` before the command as
/// `--store` is, messages as sentences with counted nouns, JSON errors for a failed write.
@Suite("getdiced conventions shared with the other tools")
struct ConventionTests {
    let directory: TemporaryDirectory
    let cli = GetDicedProcess()
    let database: String

    init() throws {
        (directory, database) = try TestCatalog.databaseWithASinglesDeck()
    }

    @Test func theDatabaseOptionBeforeTheCommandIsTaken() throws {
        let output = try cli.run(["--db", database, "folder", "list"])
        #expect(output.status == 0, "\(output.stderr)")
        #expect(output.stdout.contains("Owned"), "\(output.stdout)")
        let json = try cli.run(["--db", database, "--json", "folder", "list"])
        #expect(json.status == 0, "\(json.stderr)")
        #expect(json.stdout.hasPrefix("["), "\(json.stdout)")
    }

    /// Was "\"/tmp/…/g.db\" is not a getdiced command." (and "… is not a getdiced deck
    /// command."): the path was taken for a command's name once `--db` was moved after it.
    @Test func theDatabaseOptionBeforeHelpOrACommandGroupAloneIsNotTakenForACommand() throws {
        let help = try cli.run(["--db", database, "--help"])
        #expect(help.status == 0, "\(help.stderr)")
        #expect(help.stdout.contains("SUBCOMMANDS"), "\(help.stdout)")
        let group = try cli.run(["--db", database, "deck"])
        #expect(group.status == 0, "\(group.stderr)")
        #expect(group.stdout.contains("Build, check and share decks"), "\(group.stdout)")
    }

    /// Was "\"folders\" is not a getdiced command.", of the alias `getdiced --help` lists.
    @Test func theAliasesTheHelpListsAreTakenAsTheirCommands() throws {
        let folders = try cli.run(["folders", "list", "--db", database])
        #expect(folders.status == 0, "\(folders.stderr)")
        #expect(folders.stdout.contains("Owned"), "\(folders.stdout)")
        let decks = try cli.run(["--db", database, "decks", "list"])
        #expect(decks.status == 0, "\(decks.stderr)")
    }

    @Test func messagesAreSentencesWithCountedNouns() throws {
        #expect(try cli.run(["folder", "add", "Owned", "Flip Gordon", "--db", database]).status == 0)
        #expect(try cli.run(["folder", "create", "Spare", "--db", database]).status == 0)
        #expect(try cli.run(["folder", "add", "Spare", "Flip Gordon", "--db", database]).status == 0)
        let refused = try cli.run(["folder", "delete", "Spare", "--db", database])
        #expect(refused.status != 0)
        #expect(refused.stderr.contains("Error: Folder 'Spare' holds 1 card; pass --force to delete it with its cards."), "\(refused.stderr)")
        #expect(!refused.stderr.contains("(s)"))
        let missing = try cli.run(["show", "No Such Card", "--db", database])
        #expect(missing.stderr.contains("Error: No card named 'No Such Card' in the catalog"), "\(missing.stderr)")
        #expect(GetDicedError.deckNotFound("X").description == "No deck named 'X'.")
    }

    /// Every getdiced command that prints something, as the words before its options.
    static let printingCommands = [
        "init", "search", "show", "sync", "folder list", "folder show", "folder create", "folder rename", "folder delete",
        "folder add", "folder remove", "folder move", "deck list", "deck create", "deck add", "deck remove", "deck show",
        "deck validate", "deck import", "deck rename", "deck spectacle", "deck delete",
    ]

    @Test(arguments: printingCommands) func jsonIsTheSharedOptionWithTheOtherToolsHelp(_ command: String) throws {
        let help = try cli.run(command.split(separator: " ").map(String.init) + ["--help"])
        #expect(help.status == 0, "\(command): \(help.stderr)")
        #expect(help.stdout.contains("--json                  Print JSON (for scripts) instead of text."), "\(command): \(help.stdout)")
    }

    @Test func aFailedWriteToStandardOutputWithJSONIsReportedInJSON() throws {
        let full = try #require(FileHandle(forWritingAtPath: "/dev/full"))
        let output = try cli.run(["folder", "list", "--json", "--db", database], standardOutput: full)
        #expect(output.status != 0)
        #expect(output.stderr.hasPrefix("{\"error\":"), "\(output.stderr)")
    }
}
