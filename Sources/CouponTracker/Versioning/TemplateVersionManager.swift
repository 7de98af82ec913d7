import SwiftData
import Foundation

// Template database update strategy

public struct TemplateVersionManager: Sendable {
    public init() {}

    /// Compare bundled templates with last synced version
    public func checkForUpdates(
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

    /// Merge new templates without losing user customizations.
    ///
    /// The seed leaves the body empty; this is what its comments ask for:
    /// 1. A card's nickname and a benefit's custom name, value, description and
    ///    frequency are never touched.
    /// 2. Template values are looked up fresh each time, so a benefit without custom
    ///    values takes the new template's at once.
    /// 3. A benefit the card's template gained is added to the card, in its period
    ///    containing `now`.
    /// 4. A benefit the template no longer lists is marked inactive (and expired, with
    ///    reminders off, so that no query offers it), keeping its history; its name is
    ///    kept as its custom name, as the new templates no longer know it. A card whose
    ///    template is gone has all its template benefits retired so.
    ///
    /// The changes are saved together, or not at all. `oldTemplates` resolves the names
    /// of retired benefits; without it they keep whatever custom name they had.
    @discardableResult
    public func mergeTemplates(
        existingCards: [UserCard],
        newTemplates: [CardTemplate],
        oldTemplates: [CardTemplate] = [],
        context: ModelContext,
        calendar: Calendar,
        now: Date
    ) throws -> TemplateMergeResult {
        let periods = PeriodCalculator(calendar: calendar)
        let oldBenefits = Dictionary(oldTemplates.flatMap(\.benefits).map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        var result = TemplateMergeResult()
        do {
            for card in existingCards {
                guard let templateId = card.cardTemplateId else { continue }
                guard let template = newTemplates.first(where: { $0.id == templateId }) else {
                    retire(card, oldTemplate: oldTemplates.first { $0.id == templateId }, oldBenefits: oldBenefits,
                           result: &result, now: now)
                    continue
                }
                let before = result
                let existing = Set(card.benefits.compactMap(\.templateBenefitId))
                let reminderDays = card.benefits.first?.reminderDaysBefore ?? 7
                for benefitTemplate in template.benefits where !existing.contains(benefitTemplate.id) {
                    let period = try periods.period(containing: now, frequency: benefitTemplate.frequency,
                                                    resetDayOfMonth: benefitTemplate.resetDayOfMonth)
                    let benefit = Benefit(userCard: card, templateBenefitId: benefitTemplate.id, currentPeriodStart: period.start,
                                          currentPeriodEnd: period.end, nextResetDate: period.nextReset,
                                          reminderDaysBefore: reminderDays)
                    benefit.createdAt = now
                    benefit.updatedAt = now
                    result.benefitsAdded += 1
                }
                let current = Set(template.benefits.map(\.id))
                for benefit in card.benefits where benefit.isActive {
                    guard let id = benefit.templateBenefitId, !current.contains(id) else { continue }
                    retire(benefit, name: oldBenefits[id]?.name, now: now)
                    result.benefitsRetired += 1
                }
                if result != before { card.updatedAt = now }
            }
            try context.save()
        } catch {
            context.rollback()
            throw error
        }
        return result
    }

    /// A card whose template left the catalog: its template benefits are retired, and
    /// it keeps the template's name as its nickname when it has none, so that it can
    /// still be told apart.
    private func retire(_ card: UserCard, oldTemplate: CardTemplate?, oldBenefits: [UUID: BenefitTemplate],
                        result: inout TemplateMergeResult, now: Date) {
        var changed = false
        for benefit in card.benefits where benefit.isActive {
            guard let id = benefit.templateBenefitId else { continue }
            retire(benefit, name: oldBenefits[id]?.name, now: now)
            result.benefitsRetired += 1
            changed = true
        }
        if card.nickname == nil, let name = oldTemplate?.name {
            card.nickname = name
            changed = true
        }
        if changed {
            card.updatedAt = now
            result.cardsRetired += 1
        }
    }

    /// Inactive (and expired, with reminders off, so that no query offers it), keeping
    /// its history; `name` becomes its custom name when it has none.
    private func retire(_ benefit: Benefit, name: String?, now: Date) {
        if benefit.customName == nil { benefit.customName = name }
        benefit.isActive = false
        benefit.markAsExpired(at: now)
        benefit.reminderEnabled = false
        benefit.updatedAt = now
    }
}
