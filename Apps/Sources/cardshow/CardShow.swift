import ArgumentParser
import CardShowPro
import CommandLineSupport
import Foundation

@main
struct CardShow: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "cardshow",
        abstract: "CardShow Pro: a trading-card dealer's inventory, sales, trades, shows, contacts and grading.",
        discussion: """
            Every command works on one store, by default \(DataFolder.defaultStore(app: "CardShowPro").path); \
            give --store PATH to use another. Every command but export takes --json for scripts. \
            With no command, cardshow shows the inventory summary (`cardshow stats`).

            Start with:
              cardshow demo                  load a few sample cards
              cardshow card add --name Pikachu --set Jungle --number 60/64 --value 12
              cardshow sync --server URL         keep this store in step with your other devices
            """,
        version: ToolVersion.string,
        subcommands: [
            Stats.self, CardCommand.self, SaleCommand.self, TradeCommand.self, EventCommand.self,
            ContactCommand.self, WantCommand.self, GradingCommand.self, PriceCommand.self,
            Export.self, Import.self, Backup.self, Restore.self, SyncCommand.self, Demo.self,
        ],
        defaultSubcommand: Stats.self)

    // Declared here too so that `cardshow --store PATH card list` works as well as
    // `cardshow card list --store PATH`: ArgumentParser hands a parent's option
    // values to a subcommand's option group of the same shape.
    @OptionGroup var store: StoreOptions

    static func main() {
        let arguments = Array(CommandLine.arguments.dropFirst())
        var words = EngineErrorMessage.cardshow
        words.storePath = CommandRunner.value(of: "--store", in: arguments) ?? DataFolder.defaultStore(app: "CardShowPro").path
        CommandRunner.main(CardShow.self, arguments: arguments, translate: words.translate)
    }
}
