import CardShowPro
import CouponTracker
import OpenSwiftData
import OpenSwiftDataSync

/// An app whose devices' stores the server keeps in step, each with a sync log of its own
/// and its endpoints below a prefix of its own: CardShow Pro's at `/sync/v1/…`,
/// CouponTracker's at `/coupontracker/sync/v1/…` (its devices sync with
/// `coupontracker sync --server http://HOST:PORT/coupontracker`).
enum SyncedApp: String, CaseIterable, Sendable {
    case cardShowPro = ""
    case couponTracker = "coupontracker"

    /// The app's name in messages.
    var name: String {
        switch self {
        case .cardShowPro: "CardShow Pro"
        case .couponTracker: "CouponTracker"
        }
    }

    /// The schema of the app's stores, whose version devices must have.
    var schema: Schema {
        switch self {
        case .cardShowPro: CardShowStore.schema
        case .couponTracker: CouponTrackerStore.schema
        }
    }

    /// How each of the app's models is synced, without the sync client's own notes.
    func syncedSchema() throws -> SyncedSchema {
        try SyncedSchema(schema, excluding: Set(Schema(SyncClient.models).entities.map(\.name)))
    }

    /// The address of one of the sync routes for this app, without a leading `/`.
    func route(_ route: String) -> String {
        rawValue.isEmpty ? route : rawValue + "/" + route
    }

    /// What the app's sync store is named after, beside the inventory's: `sync`, `coupontracker-sync`.
    var storeSuffix: String {
        rawValue.isEmpty ? "sync" : rawValue + "-sync"
    }
}
