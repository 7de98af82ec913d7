import ArgumentParser
import CardShowPro
import Foundation

@main
struct CardShow: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "cardshow",
        abstract: "CardShow Pro: a trading-card dealer's inventory, sales, trades, shows, contacts and grading.",
        discussion: """
            Every command works on one store, by default \(CardShowStore.defaultURL.path); \
            give --store PATH to use another. Listings take --json for scripts. \
            With no command, cardshow shows the inventory summary (`cardshow stats`).

            Start with:
              cardshow demo                  load a few sample cards
              cardshow card add --name Pikachu --set Jungle --number 60/64 --value 12
            """,
        subcommands: [
            Stats.self, CardCommand.self, SaleCommand.self, TradeCommand.self, EventCommand.self,
            ContactCommand.self, WantCommand.self, GradingCommand.self, PriceCommand.self,
            Export.self, Import.self, Backup.self, Restore.self, Demo.self,
        ],
        defaultSubcommand: Stats.self)

    // Declared here too so that `cardshow --store PATH card list` works as well as
    // `cardshow card list --store PATH`: ArgumentParser hands a parent's option
    // values to a subcommand's option group of the same shape.
    @OptionGroup var store: StoreOptions

    static func main() {
        let arguments = Array(CommandLine.arguments.dropFirst())
        if let unknown = unknownCommand(in: arguments) {
            // Without this, the default command (stats) would take the word and print its own usage.
            CommandRunner.fail(
                UserMessage("\"\(unknown)\" is not a cardshow command. The commands are: "
                            + commandNames.joined(separator: ", ") + ". See `cardshow --help`."),
                arguments: arguments, as: CardShow.self)
        }
        CommandRunner.main(CardShow.self, arguments: arguments, translate: EngineErrorMessage.translate)
    }

    static var commandNames: [String] { configuration.subcommands.map { $0._commandName } }

    /// The first word that is neither an option nor --store's value, when it names no command.
    static func unknownCommand(in arguments: [String]) -> String? {
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            if argument == "--store" { index += 2; continue }
            if argument.hasPrefix("-") { index += 1; continue }
            return commandNames.contains(argument) || argument == "help" ? nil : argument
        }
        return nil
    }
}
