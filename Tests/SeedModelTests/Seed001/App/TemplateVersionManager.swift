// Added the imports: the seed's listing has none, and `ModelContext` needs SwiftData.
import SwiftData
import Foundation

// Template database update strategy

struct TemplateVersionManager {

    /// Compare bundled templates with last synced version
    func checkForUpdates(
        bundled: CardDatabase,
        lastSynced: String?
    ) -> TemplateUpdateResult {

        guard let lastSynced = lastSynced else {
            return .initialLoad(bundled.cards)
        }

        if bundled.dataVersion == lastSynced {
            return .noUpdates
        }

        // In future: compute delta between versions
        return .updatesAvailable(bundled.dataVersion)
    }

    /// Merge new templates without losing user customizations
    func mergeTemplates(
        existingCards: [UserCard],
        newTemplates: [CardTemplate],
        context: ModelContext
    ) {
        // 1. User customizations (nickname, custom values) are preserved
        // 2. Template-derived defaults update if user hasn't customized
        // 3. New cards added to catalog (not to user wallet)
        // 4. Deprecated cards marked inactive

        for card in existingCards where card.cardTemplateId != nil {
            // Card exists - preserve user customizations
            // Template data is looked up fresh each time
        }
    }
}

enum TemplateUpdateResult {
    case initialLoad([CardTemplate])
    case noUpdates
    case updatesAvailable(String)
}
