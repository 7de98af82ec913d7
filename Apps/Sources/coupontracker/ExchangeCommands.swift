import ArgumentParser
import CommandLineSupport
import CouponTracker
import Foundation

struct ExportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export", abstract: "Write the whole wallet (cards, benefits, history, preferences) as JSON.")
    @OptionGroup var options: GlobalOptions
    @Option(name: .shortAndLong, help: ArgumentHelp("The file to write (standard output when omitted).", valueName: "file"),
            completion: .file(), transform: OutputArgument.file)
    var output: String?
    @OptionGroup var force: ForceOption
    @Flag(help: "Export the cards `coupontracker import` takes and list the others, when another program stored in some what it refuses.")
    var skipUnreadable = false
    // The file given as a word, as earlier versions took it: refused, pointing to --output,
    // so that the tools take their output one way and a stray word is never a file name.
    @Argument(help: .hidden) var file: String?

    func validate() throws {
        if file == "-" {
            throw ValidationError("`coupontracker export` writes to standard output when --output is left out: "
                                  + "write `coupontracker export`. Nothing was written.")
        }
        if let file {
            throw ValidationError("`coupontracker export` takes the file to write with --output, as the other tools do: "
                                  + "write `coupontracker export --output \(TerminalText.quoted(file))`. Nothing was written.")
        }
    }

    func run() throws {
        let wallet = try options.open()
        let (data, skipped) = try export(wallet, now: try options.now())
        guard let output else { return print(String(decoding: data, as: UTF8.self)) }
        let url = URL(fileURLWithPath: UserPath.expanded(output))
        let written = try OutputFile.save(data, to: url.path, sparing: options.url.path, force: force.enabled)
        guard written.mayBeNotedOnStandardOutput else { return }
        // The path as it was given, as the other tools' exports name it.
        print("Exported \(counted(try wallet.cards().count - skipped, "card")) to \(TerminalText.quoted(output)).")
    }

    /// The wallet's export, which its import takes: refused, in words, for a record another
    /// program stored that the import refuses, or, with --skip-unreadable, without each card
    /// holding one, listed. Returns it and how many cards it leaves out.
    private func export(_ wallet: Wallet, now: Date) throws -> (Data, skipped: Int) {
        var skipped: Set<UUID> = []
        while true {
            do {
                return (try wallet.checkedExportJSON(now: now, leavingOut: skipped), skipped.count)
            } catch let record as Wallet.UnimportableRecord {
                let place = "at \(record.keyPath): \(record.problem)"
                // Two lines, what is wrong and what to do: a message's line is cut at 400 characters.
                let refused = "The wallet holds what `coupontracker import` refuses, which another program stored, so nothing was exported"
                guard let card = record.card else {
                    throw ToolError("\(refused): \(place)\nSet the preferences again with `coupontracker preferences`, then export again.")
                }
                let named = "the card \(card.name.forTerminal) (\(Wallet.shortID(card.id)))"
                guard skipUnreadable else {
                    let isPeriod = ["currentPeriodStart", "currentPeriodEnd", "nextResetDate"].contains { record.keyPath.hasSuffix("." + $0) }
                    let isReminder = record.keyPath.hasSuffix(".reminderDaysBefore")
                    throw ToolError("\(refused): in \(named), \(place)\n"
                                    + (isPeriod ? "Run `coupontracker reset`, which puts that period back in the one holding today, or remove"
                                       : isReminder ? "Run `coupontracker reset`, which puts those reminder days back to the wallet's default, or remove"
                                       : "Remove")
                                    + " that card with `coupontracker remove \(Wallet.shortID(card.id))`; or give --skip-unreadable to "
                                    + "export the other cards.")
                }
                printError("Skipped: \(named), which holds what `coupontracker import` refuses, \(place)")
                skipped.insert(card.id)
            }
        }
    }
}

struct ImportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import", abstract: "Add the cards of an export to the wallet: all of them, or none.")
    @OptionGroup var options: GlobalOptions
    @Argument(help: "The export file.", completion: .file()) var file: String
    @OptionGroup var json: JSONOption

    func run() throws {
        // Interrupted while the file is read and checked (seconds for a large one), the import says so as it does later.
        let (wallet, imported) = try Interruption.whileImporting(json: json.enabled) {
            // Named as given, as the other tools' imports (and this one's export) name their files.
            let path = UserPath.expanded(file)
            let data = try InputFile.read(path, what: "export file") { try Wallet.refuseExportStart($0, file: path) }
            let exported = try Wallet.decodeExport(data, file: path)
            // Checked before the store is made: a refused first import makes none.
            try Wallet.check(exported, catalog: options.catalog())
            let records = exported.cards.reduce(0) { $0 + 1 + $1.benefits.count + $1.usageHistory.count }
            let bar = ProgressBar("Importing", enabled: records >= ProgressBar.threshold)
            defer { bar.finish() }
            return try options.creating { wallet in
                _ = try wallet.importData(exported, progress: bar.handler)
                return (wallet, Set(exported.cards.map(\.id)))
            }
        }
        // An import keeps the cards' ids, so the cards it added are those of the file.
        let cards = try wallet.cards().filter { imported.contains($0.id) }
        if json.enabled { return try printJSON(try cards.map { try CardsCommand.Row($0, wallet: wallet) }) }
        print("Imported \(counted(cards.count, "card")).")
    }
}
