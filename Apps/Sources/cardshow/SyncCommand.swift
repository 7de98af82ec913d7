import ArgumentParser
import CardShowPro
import CommandLineSupport
import Foundation
import OpenSwiftData

/// `cardshow sync`: one round of sync with a cardshow-server, uploading this store's
/// changes and downloading the other devices'.
struct SyncCommand: ParsableCommand, SyncingTool {
    static let configuration = CommandConfiguration(
        commandName: "sync",
        abstract: "Keep this store in step with your other devices through a cardshow-server.",
        discussion: """
            Uploads the changes saved in this store since its last sync, then downloads and applies the changes \
            your other devices uploaded. When two devices changed the same field, the later change wins; a \
            deletion wins over an edit. The server's owner starts it with --sync-tokens and gives each device \
            a token; give it with --token, or in \(Self.tokenVariable) to keep it out of your shell history.

              \(Self.tokenVariable)=… cardshow sync --server http://192.168.1.20:8080

            A server that cannot be reached leaves everything as it is: the changes are sent at the next sync.
            """)

    static let exampleServer = "http://192.168.1.20:8080"
    static let tokenVariable = "CARDSHOW_SYNC_TOKEN"

    @OptionGroup var store: StoreOptions
    @OptionGroup var json: JSONOption

    @OptionGroup var sync: SyncOptions<Self>

    func run() throws {
        let round = try sync.round()
        let account = try round.signIn(schemaVersion: CardShowStore.schema.version.description)
        let context = try store.open(creating: true)
        // With the cards an earlier sync, stopped before its checks, left to check.
        let pending = PendingRestockCheck(besides: store.url)
        let checksLeft = pending.isLeft
        let soldWithSales = try SalesService(context: ModelContext(context.container)).soldCardsWithSales().union(pending.cards())
        let keptMovedOn = pending.movedOn()
        let movedOn = keptMovedOn + (try TradeService(context: ModelContext(context.container)).receivedCardsMovedOn())
            .filter { !keptMovedOn.contains($0) }
        if !pending.keep(soldWithSales, movedOn: movedOn) {
            let name = pending.file.lastPathComponent.forTerminal
            let why = pending.isTakenByAFolder ? "a folder of that name is there" : "its name is too long, or the folder cannot be written"
            printError("Note: the cards to check after this sync could not be kept in \(name) beside the store (\(why)): if this sync "
                       + "is stopped before its checks, the next one will not know to make them."
                       + (pending.isTakenByAFolder ? "\nMove or rename the folder \(name) to keep them." : ""))
        }
        let report = try round.run(on: context.container, as: account, words: RuleBreakWords.of,
                                   rulesAcrossModels: { changed, context in try GradingSubmission.holding(anyOf: changed, in: context) })
        if json.enabled { try printJSON(report) } else { print(report.sentence) }
        for note in report.notes { printError(note) }
        // What the checks look for only a download brings: after one that brought nothing, and a
        // sync before it that finished its checks, they would find nothing (and read every sale).
        if report.downloaded > 0 || checksLeft {
            let restocked = try checkAfterSync {
                try restockCardsWhoseSalesWereAllVoided(among: soldWithSales, ModelContext(context.container))
            }
            let tookOut = try checkAfterSync { try takeOutOfStockCardsSoldOrTradedAway(ModelContext(context.container)) }
            // An event's totals are sums its devices each kept; sync keeps the later device's whole.
            let recounted = try checkAfterSync { _ = try SalesService(context: ModelContext(context.container)).recountEventTotals() }
            try noteTradesVoidedElsewhere(movedOn, ModelContext(context.container))
            // Kept while a check waits, so that the next sync makes it even if it downloads
            // nothing; the trades voided elsewhere were noted once.
            if restocked && tookOut && recounted { pending.clear() } else if !movedOn.isEmpty { pending.keep(soldWithSales) }
        } else {
            pending.clear()
        }
        try noteCardsSoldMoreThanOnce(ModelContext(context.container))
    }

    /// Runs one of the checks after a sync. A record the sync left breaking a rule (noted
    /// above) refuses the check's save: the check waits, in words, for the next sync after
    /// the user mends it, where it stopped the command after the sync had saved.
    private func checkAfterSync(_ check: () throws -> Void) throws -> Bool {
        do {
            try check()
            return true
        } catch let broken as CardShowPro.ValidationError {
            printError("Note: a check after this sync could not save: \(broken.description)\n"
                       + "Mend the record (a note above names each one a sync brought breaking a rule), then sync again: the check is made then.")
            return false
        }
    }

    /// A card sold on two devices, each of which then voided a different one of its two sales
    /// before they synced (each leaving it sold by the other), has no sale left: neither
    /// happened, so it goes back in stock, as voiding its only sale puts it.
    private func restockCardsWhoseSalesWereAllVoided(among ids: Set<UUID>, _ context: ModelContext) throws {
        for card in try SalesService(context: context).restockCardsWhoseSalesWereAllVoided(among: ids) {
            printError("Note: \(card.displayName.forTerminal) (\(card.id.short)) is back in stock: its sales were each "
                       + "voided on a different device before they synced, so none stands.")
        }
    }

    /// A card one device put back in stock by voiding a sale, which another device, voiding
    /// that sale too, sold (or traded) again before they synced: the later status write
    /// wins whole, so sync left it in stock with a sale (a trade) standing, to be sold twice.
    private func takeOutOfStockCardsSoldOrTradedAway(_ context: ModelContext) throws {
        for (card, sale, trade) in try SalesService(context: context).takeOutOfStockCardsSoldOrTradedAway() {
            let what = sale.map { "sold: its sale \($0.id.short) stands" } ?? trade.map { "traded away: its trade \($0.id.short) gave it" } ?? ""
            printError("Note: \(card.displayName.forTerminal) (\(card.id.short)) is out of stock again, \(what), "
                       + "though another device put it back in stock before they synced.")
        }
    }

    /// A trade voided on another device that had not synced what this one did since with a
    /// card received in it: the void took the card out of the store, and the sale (later
    /// trade, submission) stands without it. Which happened is the dealer's to say.
    private func noteTradesVoidedElsewhere(_ movedOn: [ReceivedCardMovedOn], _ context: ModelContext) throws {
        for item in try TradeService(context: context).voidedUnder(movedOn) {
            let since: String, undo: String
            switch item.since {
            case let .sold(sale):
                since = "sold it since (sale \(sale.short))"
                undo = "; if the sale did not, void it with `cardshow sale void \(sale.short)`"
            case let .tradedAway(trade):
                since = "traded it away since (trade \(trade.short))"
                undo = "; if that trade did not, void it with `cardshow trade void \(trade.short)`"
            case let .sentForGrading(submission):
                since = "sent it for grading since (submission \(submission.short))"
                undo = ""
            }
            printError("Note: trade \(item.trade.short) was voided on another device before they synced, which took "
                       + "\(item.cardName.forTerminal), received in it, out of the store; this device had \(since), which stands "
                       + "without the card.\nIf the trade happened, record it again with `cardshow trade record`\(undo).")
        }
    }

    /// A card each of two devices sold before they synced has both sales once they have: sync
    /// keeps both (it cannot know which happened), so it says so, after every sync until one is voided.
    private func noteCardsSoldMoreThanOnce(_ context: ModelContext) throws {
        for (card, sales) in try SalesService(context: context).cardsSoldMoreThanOnce() {
            printError("Note: \(card.displayName.forTerminal) (\(card.id.short)) has \(sales.count) sales "
                       + "(\(sales.map(\.id.short).joined(separator: ", "))): it was sold on more than one device before they synced. "
                       + "Void each sale that did not happen with `cardshow sale void ID`.")
        }
        for (card, sales, trades) in try SalesService(context: context).cardsSoldAndTradedAway() {
            let sold = sales.isEmpty ? "" : "sold (sale\(sales.count == 1 ? "" : "s") \(sales.map(\.id.short).joined(separator: ", "))) and "
            printError("Note: \(card.displayName.forTerminal) (\(card.id.short)) was \(sold)traded away "
                       + "(trade\(trades.count == 1 ? "" : "s") \(trades.map(\.id.short).joined(separator: ", "))) "
                       + "on more than one device before they synced. "
                       + (sales.isEmpty ? "Check which trade happened (`cardshow trade show ID`)."
                          : "If a sale did not happen, void it with `cardshow sale void ID`; the card stays traded away."))
        }
    }
}
