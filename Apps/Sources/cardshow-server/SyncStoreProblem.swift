import CommandLineSupport
import Foundation
import OpenSwiftData

/// An app's sync store that cannot be opened, in words about that file. The server keeps it
/// beside the inventory's store under a name of its own (`shop-sync.store`); the engine's
/// errors, put in a store's words, called it "not a CardShow Pro store" and told the user to
/// check the --store path, which was right: a CardShow Pro store of that name (or a
/// CouponTracker wallet) sat where the server keeps its sync log.
enum SyncStoreProblem {
    /// `error`, met opening `app`'s sync store at `file` beside the inventory's `store`, in words.
    static func words(for error: Error, file: URL, store: URL, app: SyncedApp) -> Error {
        let place = "With --sync-tokens the server keeps \(app.name)'s sync log beside the store \(TerminalText.quoted(store.path)), "
            + "in \(TerminalText.quoted(file.path))"
        guard let engine = OpenSwiftDataError(explaining: error) else { return EngineErrorMessage.server.translate(error) }
        let kind: String?
        switch (engine.code, engine.storeDamage) {
        case (.storeDamaged, .isDirectory?): kind = "a folder"
        case (.storeHoldsOtherData, _), (.storeNotADatabase, _), (.storeDamaged, .notSQLite?):
            kind = "another program's or app's file (a store named so by chance, perhaps)"
        default: kind = nil
        }
        if let kind {
            return ToolError("\(place), but that is not one of its sync stores: it is \(kind). Nothing was changed. "
                             + "Move it aside, or give the inventory's store another name with --store.")
        }
        var message = EngineErrorMessage.server
        message.storeName = "sync store"
        message.recovery = "put back a copy of the sync store you saved"
        return ToolError("\(place). \(message.message(for: engine))")
    }
}
