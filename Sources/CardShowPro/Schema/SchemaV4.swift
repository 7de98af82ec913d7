import Foundation
import OpenSwiftData

/// Version 4 (grading): grading submissions. The current schema: its models are the
/// app's models (`CardShowPro.InventoryCard`, ...).
///
/// A lightweight step from version 3: one new entity.
public enum SchemaV4: VersionedSchema {
    public static let versionIdentifier = Schema.Version(4, 0, 0)

    public static var models: [any PersistentModel.Type] {
        [InventoryCard.self, SalesHistory.self, CachedPrice.self, Event.self, TradeHistory.self,
         Contact.self, WantListItem.self, GradingSubmission.self]
    }
}
