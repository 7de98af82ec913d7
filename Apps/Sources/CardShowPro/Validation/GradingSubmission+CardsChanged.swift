import Foundation
import OpenSwiftData

extension GradingSubmission {
    /// The submissions holding any of the cards among `changed`, read in `context`: their
    /// rule of the day sent (``validateDays()``) depends on their cards' days acquired, and a
    /// card does not know the submissions it is in. Sync checks their rules when another
    /// device's change of a card arrives (the day acquired moved past the day sent), which
    /// checking the changed card alone never found.
    public static func holding(anyOf changed: [any PersistentModel], in context: ModelContext) throws -> [GradingSubmission] {
        let cards = Set(changed.compactMap { ($0 as? InventoryCard)?.persistentModelID })
        guard !cards.isEmpty else { return [] }
        return try context.fetch(FetchDescriptor<GradingSubmission>()).filter { submission in
            (submission.cards ?? []).contains { cards.contains($0.persistentModelID) }
        }
    }
}
