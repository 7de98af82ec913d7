import Foundation
import OpenSwiftData
import OpenSwiftDataSync

/// Version 7 (cards brought, device by device): an event's `inventory` has an inverse,
/// each card's `events`, so that sync keeps each card brought as a member of its own (a
/// many-to-many) where it kept the event's cards as one value, the later device's list
/// replacing the other's. Its models are the app's models (`CardShowPro.InventoryCard`,
/// ...). The current schema.
///
/// One new relationship, the inverse of one that was there: a lightweight stage from
/// version 6 keeps each event's cards.
public enum SchemaV7: VersionedSchema {
    public static let versionIdentifier = Schema.Version(7, 0, 0)

    public static var models: [any PersistentModel.Type] {
        [InventoryCard.self, SalesHistory.self, CachedPrice.self, Event.self, TradeHistory.self,
         Contact.self, WantListItem.self, GradingSubmission.self] + SyncClient.models
    }
}
