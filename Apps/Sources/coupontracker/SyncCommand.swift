import ArgumentParser
import CommandLineSupport
import CouponTracker
import Foundation

/// `coupontracker sync`: one round of sync with a cardshow-server, uploading this store's
/// changes and downloading the other devices'.
struct SyncCommand: ParsableCommand, SyncingTool {
    static let configuration = CommandConfiguration(
        commandName: "sync",
        abstract: "Keep this wallet in step with your other devices through a sync server.",
        discussion: """
            Uploads the changes saved in this store since its last sync (cards added, benefits used or undone, \
            resets, preferences), then downloads and applies the changes your other devices uploaded. When two \
            devices changed the same field, the later change wins; a removal wins over an edit. The server is a \
            cardshow-server started with --sync-tokens, whose owner gives each device a token; CouponTracker's \
            wallets sync below /coupontracker on it. Give the token with --token, or in \(Self.tokenVariable) \
            to keep it out of your shell history.

              \(Self.tokenVariable)=… coupontracker sync --server http://192.168.1.20:8080/coupontracker

            A server that cannot be reached leaves everything as it is: the changes are sent at the next sync.
            """)

    static let exampleServer = "http://192.168.1.20:8080/coupontracker"
    static let tokenVariable = "COUPONTRACKER_SYNC_TOKEN"

    @OptionGroup var options: GlobalOptions
    @OptionGroup var json: JSONOption

    @OptionGroup var sync: SyncOptions<Self>

    func run() throws {
        let round = try sync.round()
        let account = try round.signIn(schemaVersion: CouponTrackerStore.schema.version.description)
        let report = try options.creating { wallet in
            try round.run(on: wallet.context.container, as: account) { RuleBreakWords.of($0, in: wallet) }
        }
        for note in report.notes { printError(note) }
        if json.enabled { return try printJSON(report) }
        print(report.sentence)
    }
}
