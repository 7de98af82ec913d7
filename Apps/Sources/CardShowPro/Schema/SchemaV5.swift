import Foundation
import OpenSwiftData

/// Version 5 (history that stays true): a sale records the card's cost and name as
/// they were when it was made, so that deleting or editing the card later changes
/// none of its figures. Its models are the app's models (`CardShowPro.InventoryCard`, ...),
/// which version 6 keeps as they are.
///
/// Two new optional attributes; the stage from version 4 fills them for the sales
/// already recorded, from the cards they still hold.
public enum SchemaV5: VersionedSchema {
    public static let versionIdentifier = Schema.Version(5, 0, 0)

    public static var models: [any PersistentModel.Type] {
        [InventoryCard.self, SalesHistory.self, CachedPrice.self, Event.self, TradeHistory.self,
         Contact.self, WantListItem.self, GradingSubmission.self]
    }
}
