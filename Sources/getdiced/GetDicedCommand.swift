import ArgumentParser

@main
struct GetDicedCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "getdiced",
        abstract: "Search the SRG card catalog and keep a collection and decks in a local database.",
        discussion: """
            Start with `getdiced init --catalog PATH` to create the database from a card catalog
            (such as cards_initial.db). Every command takes --db PATH; without it the database is
            $XDG_DATA_HOME/getdiced/getdiced.db (~/.local/share/getdiced/getdiced.db, or
            ~/Library/Application Support/getdiced/getdiced.db on macOS). If that file does not
            exist and $GETDICED_CATALOG names a catalog, the first command creates it from there.

            Examples:
              getdiced init --catalog ../shared/data/cards_initial.db
              getdiced search gordon --type SingleCompetitorCard --json
              getdiced folder add Owned "Flip Gordon" --quantity 2
              getdiced deck validate "My Singles Deck"
            """,
        subcommands: [
            InitCommand.self, SearchCommand.self, ShowCommand.self, FolderCommand.self, DeckCommand.self,
            SyncCommand.self,
        ])
}
