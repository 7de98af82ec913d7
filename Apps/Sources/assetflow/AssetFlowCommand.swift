import ArgumentParser
import AssetFlow
import CommandLineSupport
import Foundation

@main
struct AssetFlowCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "assetflow",
        abstract: "AssetFlow: a portfolio tracked by snapshots, in exact decimals.",
        discussion: """
            Every command works on one store, by default \(DataFolder.defaultStore(app: "AssetFlow").path); \
            give --store PATH to use another. Every command but export takes --json for scripts: \
            a command that changes the store prints what it changed as the listing does. Days are \
            written YYYY-MM-DD. With no command, assetflow shows the report.

            Start with:
              assetflow demo                         a sample portfolio: four snapshots, two currencies
              assetflow category add Stocks --target 60
              assetflow asset add "World ETF" --platform Broker --currency USD --category Stocks
              assetflow snapshot create 2026-03-31
              assetflow snapshot set 2026-03-31 --asset "World ETF" --platform Broker --value 12500
            """,
        version: ToolVersion.string,
        subcommands: [
            ReportCommand.self, CategoryCommand.self, AssetCommand.self, SnapshotCommand.self,
            ImportCommand.self, ExportCommand.self, DemoCommand.self,
        ],
        defaultSubcommand: ReportCommand.self)

    @OptionGroup var store: StoreOptions

    static func main() {
        let arguments = Array(CommandLine.arguments.dropFirst())
        var words = EngineErrorMessage.assetflow
        words.storePath = CommandRunner.value(of: "--store", in: arguments) ?? DataFolder.defaultStore(app: "AssetFlow").path
        CommandRunner.main(AssetFlowCommand.self, arguments: arguments, translate: words.translate)
    }
}
