import ArgumentParser
import CommandLineSupport
import CouponTracker
import Foundation

@main
struct CouponTrackerCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "coupontracker",
        abstract: "CouponTracker: your credit cards' benefits, their periods and reminders.",
        discussion: """
            Every command works on one store, by default \(DataFolder.defaultStore(app: "CouponTracker").path); \
            give --store PATH to use another. --now MOMENT acts as of another moment \
            (2026-03-15 or 2026-03-15T09:30), --time-zone ZONE counts periods in another zone, \
            and every command but export takes --json for scripts: a command that changes the store \
            prints what it changed as the listing does. With no command, coupontracker lists the benefits.

            Start with:
              coupontracker demo                           a sample wallet of three cards
              coupontracker templates                      the cards you can add
              coupontracker add --template "Gold Card" --nickname Dining
              coupontracker use "Uber Cash" --card Dining  mark a benefit used (`undo` takes it back)
              coupontracker expiring --days 7
              coupontracker reset                          roll ended periods into new ones
              coupontracker sync --server URL              keep this wallet in step with your other devices
            """,
        version: ToolVersion.string,
        subcommands: [
            BenefitsCommand.self, CardsCommand.self, AddCardCommand.self, AddBenefitCommand.self, RenameCardCommand.self, RemoveCardCommand.self,
            UseCommand.self, UndoCommand.self, ExpiringCommand.self, ResetCommand.self, RemindersCommand.self,
            PreferencesCommand.self, HistoryCommand.self, TotalsCommand.self, PruneCommand.self, TemplatesCommand.self,
            SyncTemplatesCommand.self, ExportCommand.self, ImportCommand.self, SyncCommand.self, DemoCommand.self,
        ],
        defaultSubcommand: BenefitsCommand.self)

    // Declared here too so that `coupontracker --store PATH cards` works as well as
    // `coupontracker cards --store PATH`: ArgumentParser hands a parent's option values
    // to a subcommand's option group of the same shape.
    @OptionGroup var options: GlobalOptions

    static func main() {
        let arguments = Array(CommandLine.arguments.dropFirst())
        var words = EngineErrorMessage.coupontracker
        words.storePath = CommandRunner.value(of: "--store", in: arguments) ?? DataFolder.defaultStore(app: "CouponTracker").path
        CommandRunner.main(CouponTrackerCommand.self, arguments: arguments, optionsWithValues: ["--store", "--now", "--time-zone", "--templates"], translate: words.translate)
    }
}
