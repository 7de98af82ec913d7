import ArgumentParser
import CardShowPro
import CommandLineSupport
import Foundation
import OpenSwiftData

struct Export: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Export the inventory as JSON (the seed's format) or CSV (RFC 4180).",
        usage: "cardshow export --format json|csv [--output FILE] [--force] [--skip-unreadable] [--store PATH]")

    @Option(help: "The file format.") var format: ExchangeFormat
    @Option(help: ArgumentHelp("The file to write (default standard output).", valueName: "file"), completion: .file(), transform: OutputArgument.file)
    var output: String?
    @OptionGroup var force: ForceOption
    @Flag(help: "Export the cards that can be read and list the others, when some cannot be (written by a newer version, or damaged).")
    var skipUnreadable = false
    @OptionGroup var store: StoreOptions

    func run() throws {
        // Refused before the inventory is read: a large one takes a while.
        if let output {
            try OutputFile.refuseStore(UserPath.expanded(output), store: store.url.path)
            try OutputFile.refuseExisting(UserPath.expanded(output), force: force.enabled)
        }
        let context = try store.open(writing: false)
        let exchange = InventoryExchange(context: context)
        var count = try context.fetchCount(FetchDescriptor<InventoryCard>())
        let progress = ProgressBar("Exporting", enabled: count >= ProgressBar.threshold)
        let data: Data
        if skipUnreadable {
            let salvage = try exchange.exportReadable(format: format, progress: progress.handler)
            progress.finish()
            for problem in salvage.unreadable { printError("Skipped: \(EngineErrorMessage.cardshow.plain(problem))") }
            for problem in salvage.undated { printError("Skipped: \(TerminalText.message(problem))") }
            count -= salvage.unreadable.count + salvage.undated.count
            data = salvage.data
        } else {
            data = try exchange.export(format: format, progress: progress.handler)
        }
        progress.finish()
        if let output {
            let path = UserPath.expanded(output)
            let written = try OutputFile.save(data, to: path, sparing: store.url.path, force: force.enabled)
            guard written.mayBeNotedOnStandardOutput else { return }
            // On standard output, as the other tools' exports and every writing command say what they did.
            print("Exported \(count) card\(count == 1 ? "" : "s") to \(path.forTerminal).")
        } else {
            data.withUnsafeBytes { StandardOutput.write($0) }
            if format == .json { Data("\n".utf8).withUnsafeBytes { StandardOutput.write($0) } }
        }
    }
}

struct Import: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Import cards from a JSON or CSV export, all or nothing.",
        usage: "cardshow import FILE [--format json|csv] [--store PATH]",
        discussion: """
            Every card is checked before anything is saved: if any line is wrong, nothing is \
            imported and the error names the line and field. A card whose ID is already in \
            the store is updated in place.
            """)

    @Argument(help: "The file to import.", completion: .file()) var file: String
    @Option(help: "The file format (default from the file's extension).") var format: ExchangeFormat?
    @OptionGroup var store: StoreOptions
    @OptionGroup var json: JSONOption

    func run() throws {
        let path = UserPath.expanded(file)
        guard let format = format ?? ExchangeFormat(pathExtension: (path as NSString).pathExtension) else {
            throw ToolError("Cannot tell the format of \(TerminalText.quoted((path as NSString).lastPathComponent)) from its name; "
                            + "give --format json or --format csv.")
        }
        // Interrupted while the file is read and checked (seconds for a large one), the import says so as it does later.
        let result = try Interruption.whileImporting(json: json.enabled) {
            let data = try InputFile.read(path, what: "file to import") { try InventoryExchange.refuseStart($0, format: format) }
            // Read before the store is opened: a file that is not an export creates no store.
            let export = try InventoryExchange.read(data, format: format)
            let context = try store.open(creating: true)
            let progress = ProgressBar("Importing")
            defer { progress.finish() }
            return try InventoryExchange(context: context).importExport(export, progress: progress.handler)
        }
        if json.enabled {
            return try printJSON(ImportView(total: result.total, inserted: result.inserted, updated: result.updated,
                                            wantedBy: result.matches.map(MatchView.init)))
        }
        print("Imported \(counted(result.total, "card")) (\(result.inserted) new, \(result.updated) updated).")
        if result.insertedOutOfStock > 0 {
            let count = result.insertedOutOfStock
            print("\(counted(count, "new card")) \(count == 1 ? "is" : "are") sold or traded away in the file, so \(count == 1 ? "it is" : "they are") "
                  + "history, not stock: `cardshow card list --include-sold` lists \(count == 1 ? "it" : "them"). An export holds no sales or "
                  + "trades, so \(count == 1 ? "it has" : "they have") none here; to sell \(count == 1 ? "it" : "them") here, import "
                  + "\(count == 1 ? "it" : "them") as In Stock and record the sale.")
        }
        printMatches(result.matches)
    }
}
