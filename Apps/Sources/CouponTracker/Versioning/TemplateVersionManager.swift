import CheckThenSave
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
    /// 5. A retired benefit whose template is listed again is active again (so that a
    ///    sync of the wrong file is undone by syncing the right one): in its period if
    ///    that has not ended (a use in it still counts), else in the period containing `now`.
    /// 6. New templates that would retire every active template benefit of the wallet
    ///    are refused (`TemplateSyncError.wouldRetireEverything`): that is the wrong file.
    ///
    /// The changes are saved together, or not at all. `oldTemplates` resolves the names
    /// of retired benefits; without it they keep whatever custom name they had.
    /// `dataVersion`, the new templates' version, is recorded in the preferences with the
    /// changes, and refused when it is older than the one recorded last (or, when none
    /// is, than `baseVersion`: the bundled catalog's, which the wallet's cards came from).
    @discardableResult
    public func mergeTemplates(
        existingCards: [UserCard],
        newTemplates: [CardTemplate],
        oldTemplates: [CardTemplate] = [],
        context: ModelContext,
        calendar: Calendar,
        now: Date,
        dataVersion: String? = nil,
        baseVersion: String? = nil
    ) throws -> TemplateMergeResult {
        let periods = PeriodCalculator(calendar: calendar)
        var result = TemplateMergeResult()
        do {
            // One transaction from the version check and the benefits read to the save: a
            // sync run twice at once adds each new benefit once.
            try context.transaction {
                result = try merge(existingCards: existingCards, newTemplates: newTemplates, oldTemplates: oldTemplates,
                                   context: context, periods: periods, now: now, dataVersion: dataVersion, baseVersion: baseVersion)
            }
        } catch {
            context.rollback()
            throw error
        }
        return result
    }

    /// The body of `mergeTemplates`, inside its transaction; not saved.
    private func merge(existingCards: [UserCard], newTemplates: [CardTemplate], oldTemplates: [CardTemplate],
                       context: ModelContext, periods: PeriodCalculator, now: Date, dataVersion: String?,
                       baseVersion: String?) throws -> TemplateMergeResult {
        let oldBenefits = Dictionary(oldTemplates.flatMap(\.benefits).map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        var result = TemplateMergeResult()
        let preferences = try dataVersion.map { _ in try context.fetch(FetchDescriptor<UserPreferences>()).first ?? UserPreferences() }
        if let dataVersion, let last = preferences?.lastSyncedDataVersion ?? baseVersion, TemplateSyncError.isOlder(dataVersion, than: last) {
            throw TemplateSyncError.olderThanLastSynced(version: dataVersion, lastSynced: last)
        }
        // Read again: another sync may have changed them since they were read.
        let existingCards = try existingCards.compactMap { try context.current($0) }
        let activeBefore = existingCards.reduce(0) { count, card in
            card.cardTemplateId == nil ? count : count + card.benefits.filter { $0.isActive && $0.templateBenefitId != nil }.count
        }
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
                let benefit = Benefit(id: TemplateBenefitID.make(card: card.id, templateBenefit: benefitTemplate.id),
                                      userCard: card, templateBenefitId: benefitTemplate.id, currentPeriodStart: period.start,
                                      currentPeriodEnd: period.end, nextResetDate: period.nextReset,
                                      reminderDaysBefore: reminderDays)
                benefit.createdAt = now
                benefit.updatedAt = now
                result.benefitsAdded += 1
            }
            for benefit in card.benefits where !benefit.isActive {
                guard let id = benefit.templateBenefitId, let benefitTemplate = template.benefits.first(where: { $0.id == id })
                else { continue }
                try restore(benefit, template: benefitTemplate, retiredName: oldBenefits[id]?.name, periods: periods, now: now)
                result.benefitsRestored += 1
            }
            let current = Set(template.benefits.map(\.id))
            for benefit in card.benefits where benefit.isActive {
                guard let id = benefit.templateBenefitId, !current.contains(id) else { continue }
                retire(benefit, name: oldBenefits[id]?.name, now: now)
                result.benefitsRetired += 1
            }
            if result != before { card.updatedAt = now }
        }
        let activeAfter = existingCards.reduce(0) { count, card in
            card.cardTemplateId == nil ? count : count + card.benefits.filter { $0.isActive && $0.templateBenefitId != nil }.count
        }
        if activeBefore > 0, activeAfter == 0 {
            throw TemplateSyncError.wouldRetireEverything(benefits: activeBefore)
        }
        if let dataVersion, let preferences {
            if preferences.modelContext == nil { context.insert(preferences) }
            preferences.lastSyncedDataVersion = dataVersion
            preferences.lastSyncDate = now
            preferences.updatedAt = now
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

    /// A retired benefit whose template is back: active, with reminders on, in its period
    /// when that has not ended (so a use in it still counts), else available in the
    /// period containing `now`. The name given it at retirement is dropped when it is
    /// the template's: the template names it again.
    private func restore(_ benefit: Benefit, template: BenefitTemplate, retiredName: String?, periods: PeriodCalculator,
                         now: Date) throws {
        benefit.isActive = true
        benefit.reminderEnabled = true
        if benefit.customName != nil, benefit.customName == retiredName || benefit.customName == template.name {
            benefit.customName = nil
        }
        if now >= benefit.currentPeriodStart, now <= benefit.currentPeriodEnd {
            if benefit.status == .expired { benefit.status = .available }
        } else {
            let period = try periods.period(containing: now, frequency: template.frequency, resetDayOfMonth: template.resetDayOfMonth)
            benefit.resetToNewPeriod(periodStart: period.start, periodEnd: period.end, nextReset: period.nextReset, at: now)
        }
        benefit.updatedAt = now
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
