import CommandLineSupport
import Foundation
import OpenSwiftData

/// An app's sync store that cannot be opened, in words about that file. The server keeps it
/// beside the inventory's store under a name of its own (`shop-sync.store`); the engine's
/// errors, put in a store's words, called it "not a CardShow Pro store" and told the user to
/// check the --store path, which was right: a CardShow Pro store of that name (or a
/// CouponTracker wallet) sat where the server keeps its sync log.
enum SyncStoreProblem {
    /// `app`'s sync store holds `other`'s log: the inventory's name makes the name of the
    /// sync store another server keeps for `other` (`shop-coupontracker.store`'s CardShow Pro
    /// log is where `shop.store`'s server keeps CouponTracker's).
    static func otherAppsLog(_ other: SyncedApp, app: SyncedApp, file: URL?, store: URL, postgres: String?) -> Error {
        let separator = file == nil ? "_" : "-"
        let name: String
        let place: String
        let rename: String
        if let file {
            name = file.deletingPathExtension().lastPathComponent
            place = "beside the store \(TerminalText.quoted(store.path)), in \(TerminalText.quoted(file.path))"
            rename = "give the inventory's store another name with --store"
        } else {
            name = ((try? SyncStore.postgres(besides: postgres ?? "", for: app).location.schema) ?? nil) ?? app.storeSuffix
            place = "in the PostgreSQL schema \(TerminalText.quoted(name))"
            rename = "keep the inventory in a schema of another name (schema= in the --postgres URL)"
        }
        let otherSuffix = separator + other.storeSuffix.replacingOccurrences(of: "-", with: separator)
        var whose = "a server of another inventory, or a copy, put it there"
        if name.hasSuffix(otherSuffix), name.count > otherSuffix.count {
            let inventory = String(name.dropLast(otherSuffix.count))
            whose = "it is where a server of "
                + (file.map { "the store \(TerminalText.quoted($0.deletingLastPathComponent().appendingPathComponent(inventory).appendingPathExtension($0.pathExtension).path))" }
                    ?? "the inventory in the PostgreSQL schema \(TerminalText.quoted(inventory))")
                + " keeps \(other.name)'s"
        }
        return ToolError("With --sync-tokens the server keeps \(app.name)'s sync log \(place), but that holds \(other.name)'s sync log: "
                         + "\(whose). Were the two to share it, each app's devices would be sent the other's changes, which they cannot apply. "
                         + "Nothing was changed; \(rename).")
    }

    /// Throws when two apps' sync stores are one file (one name a link to the other, or a
    /// hard link): each app's devices would be sent the other's changes.
    static func refuseOneFileForTwoApps(_ apis: [SyncAPI]) throws {
        for (index, api) in apis.enumerated() {
            guard let file = api.storeFile,
                  let other = apis[..<index].first(where: { $0.storeFile?.identity == file.identity }), let otherFile = other.storeFile
            else { continue }
            throw ToolError("With --sync-tokens the server keeps \(other.app.name)'s sync log in \(TerminalText.quoted(otherFile.path)) and "
                            + "\(api.app.name)'s in \(TerminalText.quoted(file.path)), but the two are one file (one name is a link to the other): "
                            + "each app's devices would be sent the other's changes, which they cannot apply. The server did not start; "
                            + "remove the link, so that each app's sync store is a file of its own.")
        }
    }

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
