import ArgumentParser
import CommandLineSupport
import Foundation
import GetDiced

@main
struct GetDicedCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "getdiced",
        abstract: "Search the SRG card catalog and keep a collection and decks in a local database.",
        discussion: """
            Start by creating the database from a card catalog (such as cards_initial.db); the \
            catalog file itself is only read. Every command takes --db PATH. Without it the \
            database is $XDG_DATA_HOME/getdiced/getdiced.db, else \
            $HOME/.local/share/getdiced/getdiced.db (~/Library/Application Support/getdiced/getdiced.db \
            on macOS); if that file does not exist yet and $GETDICED_CATALOG names a catalog, the \
            first command creates it from there.

            Usage forms scripts rely on:
              getdiced init --catalog PATH [--db PATH]
              getdiced search [TEXT] [--type CARD_TYPE] [--limit N] [--json] [--db PATH]

            Examples:
              getdiced init --catalog ../shared/data/cards_initial.db
              getdiced search gordon --type SingleCompetitorCard --json
              getdiced show "Flip Gordon"
              getdiced folder add Owned "Flip Gordon" --quantity 2
              getdiced deck create "Gordon Singles" --folder singles
              getdiced deck add "Gordon Singles" "Flip Gordon" --slot competitor
              getdiced deck validate "Gordon Singles"
            """,
        version: ToolVersion.string,
        subcommands: [
            InitCommand.self, SearchCommand.self, ShowCommand.self, FolderCommand.self, DeckCommand.self,
            SyncCommand.self,
        ])

    static func main() {
        let arguments = Array(CommandLine.arguments.dropFirst())
        let path = databasePath(in: arguments)
        CommandRunner.main(GetDicedCommand.self, arguments: arguments, optionsWithValues: [], movedOptions: ["--db"]) { error in
            let explained = FileProblem.explaining(DatabaseErrorWords.explaining(error, databasePath: path))
            // A write that failed on the disk may have met the shell's file size limit.
            guard case GetDicedError.databaseUnusable(let unusable, let reason)? = explained as? GetDicedError,
                  reason.contains("the disk"), !FileSizeLimit.note.isEmpty else { return explained }
            return ToolError(GetDicedError.databaseUnusable(path: unusable, reason: reason).description + FileSizeLimit.note)
        }
    }

    /// The database a command line names (its last --db), else the default one: what an
    /// error of SQLite's is about.
    static func databasePath(in arguments: [String]) -> String {
        CommandRunner.value(of: "--db", in: arguments) ?? DataFolder.defaultStore(app: "getdiced", file: "getdiced.db").path
    }
}
