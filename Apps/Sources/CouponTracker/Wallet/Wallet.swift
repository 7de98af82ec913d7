import CheckThenSave
import Foundation
import MomentText
import NameText
import SwiftData

/// CouponTracker's data layer as the app uses it: cards added from templates or by
/// hand, benefits marked used and undone, periods rolled as of a moment. Every change
/// is saved at once, or refused with a named error and nothing changed.
///
/// A change reads what it checks (the benefit is still available this period, the card
/// is still there) and saves in one transaction (`ModelContext.transaction(block:)`), so
/// another context, thread or process using the same benefit meanwhile is held off until
/// the save, then told the benefit is used.
///
/// Template values are resolved here, against `catalog`: a benefit's custom name,
/// value and frequency win over its template's.
public final class Wallet {
    public let context: ModelContext
    public let catalog: CardDatabase
    public let periods: PeriodCalculator
    /// A benefit's value each period is money the card gives back: never below nothing,
    /// and a million a period is a typo, not a perk.
    public static let values: Range<Decimal> = 0..<1_000_000

    /// `value` in whole cents, halves away from zero: amounts are money, so what is
    /// kept is what is shown and exported (0.005 is kept as 0.01, 12.345 as 12.35),
    /// wherever the amount comes from (an argument, an import), as CardShow Pro keeps its amounts.
    public static func cents(_ value: Decimal) -> Decimal {
        var rounded = Decimal(), source = value
        NSDecimalRound(&rounded, &source, 2, .plain)
        return rounded.isZero ? 0 : rounded
    }
    public var calendar: Calendar { periods.calendar }

    public init(context: ModelContext, catalog: CardDatabase, calendar: Calendar) {
        self.context = context
        self.catalog = catalog
        self.periods = PeriodCalculator(calendar: calendar)
    }

    /// Runs `changes` (its checks, then its edits) and saves them as one transaction, or
    /// undoes them all if anything throws. The checks belong inside: what they read holds
    /// until the save. A card or benefit read before is read again there (`current`).
    func change<T>(_ changes: () throws -> T) throws -> T {
        // One inside another (`together`) is part of it, checked and saved with it.
        if changing { return try changes() }
        changing = true
        defer { changing = false }
        do {
            return try context.withTransaction(changes)
        } catch {
            context.rollback()
            throw error
        }
    }

    /// Whether a `change` is running.
    private var changing = false

    /// Runs `changes`: any number of this wallet's changes (a card, then uses of its
    /// benefits), checked and saved together in one transaction, or, if one is refused,
    /// none of them.
    public func together<T>(_ changes: () throws -> T) throws -> T {
        try change(changes)
    }

    /// `card` as the store holds it now; refused when another process removed it.
    func current(_ card: UserCard) throws -> UserCard {
        guard let card = try context.current(card) else { throw WalletError.cardNotFound(name(of: card)) }
        return card
    }

    /// `benefit` as the store holds it now (used or not); refused when it is gone.
    func current(_ benefit: Benefit) throws -> Benefit {
        guard let benefit = try context.current(benefit) else { throw WalletError.benefitNotFound(name(of: benefit)) }
        return benefit
    }

    // MARK: - Resolving templates

    public func template(of card: UserCard) -> CardTemplate? {
        card.cardTemplateId.flatMap(catalog.card(for:))
    }

    public func template(of benefit: Benefit) -> BenefitTemplate? {
        benefit.templateBenefitId.flatMap(catalog.benefit(for:))
    }

    public func name(of card: UserCard) -> String {
        card.displayName(template: template(of: card))
    }

    public func issuer(of card: UserCard) -> String {
        card.issuerName(template: template(of: card))
    }

    public func name(of benefit: Benefit) -> String {
        benefit.customName ?? template(of: benefit)?.name ?? "Unnamed benefit"
    }

    public func frequency(of benefit: Benefit) -> BenefitFrequency {
        benefit.customFrequency ?? template(of: benefit)?.frequency ?? .monthly
    }

    /// The value of the benefit's current period: its custom value, or the template's
    /// (with the template's bonus when the period starts in a bonus month).
    public func value(of benefit: Benefit) -> Decimal {
        if let custom = benefit.customValue { return custom }
        guard let template = template(of: benefit) else { return 0 }
        return template.value(forPeriodStartingIn: periods.month(of: benefit.currentPeriodStart))
    }

    /// The period containing `moment` for this benefit's frequency and reset day.
    public func period(of benefit: Benefit, containing moment: Date) throws -> BenefitPeriod {
        try periods.period(containing: moment, frequency: frequency(of: benefit),
                           resetDayOfMonth: template(of: benefit)?.resetDayOfMonth)
    }

    /// The seed's `totalAvailableValue`, with template values resolved.
    public func totalAvailableValue(of card: UserCard? = nil) throws -> Decimal {
        let benefits = try card.map { $0.benefits.filter { $0.status == .available } }
            ?? BenefitRepository(modelContext: context).fetchAvailableBenefits()
        return benefits.reduce(0) { $0 + value(of: $1) }
    }

    // MARK: - Lookups

    /// The wallet's cards in wallet order.
    public func cards() throws -> [UserCard] {
        try context.fetch(FetchDescriptor<UserCard>(sortBy: [SortDescriptor(\.sortOrder), SortDescriptor(\.addedDate)]))
    }

    /// A card named by its id (or the start of it, at least 4 characters), its nickname,
    /// custom name or template name, compared as every tool compares names (`NameText`).
    public func card(named text: String) throws -> UserCard {
        let key = NameText.key(text.trimmingCharacters(in: .whitespaces))
        let cards = try cards()
        var matches = cards.filter { card in
            [card.nickname, card.customName, template(of: card)?.name].compactMap { $0.map(NameText.key) }.contains(key)
        }
        // Names first: a nickname such as "cafe" could also begin an id.
        if matches.isEmpty, key.count >= 4 { matches = cards.filter { $0.id.uuidString.lowercased().hasPrefix(key) } }
        if matches.count > 1 {
            throw WalletError.ambiguousCard(text, matches: matches.map { "\(name(of: $0)) \(Self.shortID($0.id))" })
        }
        guard let card = matches.first else { throw WalletError.cardNotFound(text) }
        return card
    }

    /// A benefit named by its id (or the start of it) or its name, on `card` when given.
    public func benefit(named text: String, on card: UserCard? = nil) throws -> Benefit {
        let key = NameText.key(text.trimmingCharacters(in: .whitespaces))
        let candidates = try card.map { $0.benefits } ?? context.fetch(FetchDescriptor<Benefit>())
        let active = candidates.filter(\.isActive)
        var matches = active.filter { NameText.key(name(of: $0)) == key }
        if matches.isEmpty, key.count >= 4 { matches = active.filter { $0.id.uuidString.lowercased().hasPrefix(key) } }
        if matches.count > 1 {
            throw WalletError.ambiguousBenefit(text, matches: matches.map { benefit in
                "\(name(of: benefit)) on \(benefit.userCard.map(name(of:)) ?? "no card") \(Self.shortID(benefit.id))"
            }, oneCard: Set(matches.map { $0.userCard?.id }).count == 1)
        }
        guard let benefit = matches.first else { throw WalletError.benefitNotFound(text) }
        return benefit
    }

    /// A catalog card named by its id or its name, ignoring case.
    public func cardTemplate(named text: String) throws -> CardTemplate {
        try Self.cardTemplate(named: text, in: catalog)
    }

    /// A card of `catalog` named by its id or its name, ignoring case: no store is needed to
    /// find it, so a first `add` refuses a name before it makes a store.
    public static func cardTemplate(named text: String, in catalog: CardDatabase) throws -> CardTemplate {
        let key = NameText.key(text.trimmingCharacters(in: .whitespaces))
        if let template = catalog.cards.first(where: { $0.id.uuidString.lowercased() == key || NameText.key($0.name) == key }) {
            return template
        }
        throw WalletError.templateNotFound(text)
    }

    public static func shortID(_ id: UUID) -> String { String(id.uuidString.prefix(8)).lowercased() }

    // MARK: - Preferences

    /// The stored preferences, or the seed's defaults when none are stored yet.
    public func preferences() throws -> UserPreferences {
        try context.fetch(FetchDescriptor<UserPreferences>()).first ?? UserPreferences()
    }

    /// Changes the preferences and saves them (creating the one row if needed).
    public func updatePreferences(now: Date, _ update: (UserPreferences) throws -> Void) throws {
        try change {
            let preferences = try preferences()
            if preferences.modelContext == nil { context.insert(preferences) }
            let stored = Self.problem(in: preferences)
            try update(preferences)
            if let (problem, option) = Self.problem(in: preferences) {
                // Not the user's value but one another program stored, which this change left as it was.
                if let stored, stored.problem == problem { throw WalletError.storedPreference(problem: problem.localizedDescription, option: option) }
                throw problem
            }
            preferences.updatedAt = now
        }
    }

    static func check(_ preferences: UserPreferences) throws {
        if let (problem, _) = problem(in: preferences) { throw problem }
    }

    /// The option of `coupontracker preferences` that sets the default reminder days.
    static let defaultDaysOption = "--default-days N"

    /// What the preferences hold that `coupontracker preferences` refuses, with the option
    /// that sets it right.
    static func problem(in preferences: UserPreferences) -> (problem: WalletError, option: String)? {
        if !(0...23).contains(preferences.preferredReminderHour) { return (.invalidHour(preferences.preferredReminderHour), "--time HH:MM") }
        if !(0...59).contains(preferences.preferredReminderMinute) {
            return (.invalidMinute(preferences.preferredReminderMinute), "--time HH:MM")
        }
        for hour in [preferences.quietHoursStart, preferences.quietHoursEnd] where !(0...23).contains(hour) {
            return (.invalidHour(hour), "--quiet-hours START-END")
        }
        if preferences.quietHoursEnabled, preferences.quietHoursStart == preferences.quietHoursEnd {
            return (.emptyQuietHours(preferences.quietHoursStart), "--quiet-hours START-END")
        }
        if !(0...30).contains(preferences.defaultReminderDays) {
            return (.invalidReminderDays(preferences.defaultReminderDays), defaultDaysOption)
        }
        return nil
    }

    /// The stored preferences, refused in words when another program (a client keeping no
    /// rules, through sync; `sqlite3`) left in them what `coupontracker preferences` refuses
    /// and `use` needs: a reminder hour of 25 gave no reminders at all, silently, and default
    /// reminder days of 500 refused every card added in the rule's words alone.
    func checkedPreferences(reminders: Bool) throws -> UserPreferences {
        let preferences = try preferences()
        if let (problem, option) = Self.problem(in: preferences), reminders != (option == Self.defaultDaysOption) {
            throw WalletError.storedPreference(problem: problem.localizedDescription, option: option)
        }
        return preferences
    }

    // MARK: - Adding cards and benefits

    /// Adds a card of `template` with one benefit per template benefit, each in its
    /// period containing `now`.
    @discardableResult
    public func addCard(from template: CardTemplate, nickname: String? = nil, now: Date) throws -> UserCard {
        try change {
            try Self.checkNewCard(from: template, nickname: nickname)
            let card = UserCard(cardTemplateId: template.id, nickname: try Self.optionalName(nickname),
                                sortOrder: try nextSortOrder())
            stamp(card, now)
            context.insert(card)
            let days = try checkedPreferences(reminders: false).defaultReminderDays
            for benefitTemplate in template.benefits {
                try addBenefit(from: benefitTemplate, to: card, reminderDays: days, now: now)
            }
            return card
        }
    }

    /// Adds a card that is not in the catalog.
    @discardableResult
    public func addCustomCard(name: String, issuer: String? = nil, colorHex: String? = nil, nickname: String? = nil,
                              now: Date) throws -> UserCard {
        try change {
            try Self.checkNewCustomCard(name: name, issuer: issuer, colorHex: colorHex, nickname: nickname)
            let trimmed = name.trimmingCharacters(in: .whitespaces)
            let card = UserCard(nickname: try Self.optionalName(nickname), isCustom: true, customName: trimmed,
                                customIssuer: issuer, customColorHex: colorHex, sortOrder: try nextSortOrder())
            stamp(card, now)
            context.insert(card)
            return card
        }
    }

    /// Throws what ``addCard(from:nickname:now:)`` refuses of its arguments, which no store is
    /// needed to check: a first `add` checks them before it makes a store.
    public static func checkNewCard(from template: CardTemplate, nickname: String?) throws {
        guard template.isActive else { throw WalletError.templateRetired(template.name) }
        _ = try optionalName(nickname)
    }

    /// Throws what ``addCustomCard(name:issuer:colorHex:nickname:now:)`` refuses of its
    /// arguments, which no store is needed to check (see ``checkNewCard(from:nickname:)``).
    public static func checkNewCustomCard(name: String, issuer: String?, colorHex: String?, nickname: String?) throws {
        let trimmed = name.trimmingCharacters(in: .whitespaces)
        guard NameText.showsSomething(trimmed) else { throw WalletError.emptyName }
        if let problem = NameLineBreak(in: trimmed, what: "card name") { throw problem }
        if let issuer, let problem = NameLineBreak(in: issuer, what: "issuer") { throw problem }
        if let colorHex, !isColor(colorHex) { throw WalletError.invalidColor(colorHex) }
        _ = try optionalName(nickname)
    }

    /// Adds a benefit of the user's own to `card`, in its period containing `now`.
    @discardableResult
    public func addCustomBenefit(to card: UserCard, name: String, value: Decimal, frequency: BenefitFrequency,
                                 description: String? = nil, now: Date) throws -> Benefit {
        try change {
            let card = try current(card)
            let trimmed = name.trimmingCharacters(in: .whitespaces)
            guard NameText.showsSomething(trimmed) else { throw WalletError.emptyName }
            if let problem = NameLineBreak(in: trimmed, what: "benefit name") { throw problem }
            guard value >= 0 else { throw WalletError.negativeValue }
            let period = try periods.period(containing: now, frequency: frequency, resetDayOfMonth: nil)
            let benefit = Benefit(userCard: card, currentPeriodStart: period.start, currentPeriodEnd: period.end,
                                  nextResetDate: period.nextReset, reminderDaysBefore: try checkedPreferences(reminders: false).defaultReminderDays)
            benefit.customName = trimmed
            benefit.customValue = Self.cents(value)
            benefit.customFrequency = frequency
            benefit.customDescription = description
            benefit.createdAt = now
            benefit.updatedAt = now
            card.updatedAt = now
            return benefit
        }
    }

    /// A benefit of `template` on `card`; not saved.
    @discardableResult
    func addBenefit(from template: BenefitTemplate, to card: UserCard, reminderDays: Int, now: Date) throws -> Benefit {
        let period = try periods.period(containing: now, frequency: template.frequency, resetDayOfMonth: template.resetDayOfMonth)
        let benefit = Benefit(userCard: card, templateBenefitId: template.id, currentPeriodStart: period.start,
                              currentPeriodEnd: period.end, nextResetDate: period.nextReset, reminderDaysBefore: reminderDays)
        benefit.createdAt = now
        benefit.updatedAt = now
        return benefit
    }

    /// Renames a card (nil or empty removes the nickname).
    public func setNickname(_ nickname: String?, of card: UserCard, now: Date) throws {
        try change {
            let card = try current(card)
            card.nickname = try Self.optionalName(nickname)
            card.updatedAt = now
        }
    }

    /// Gives a custom card its name (`customName`) and any card its nickname (nil leaves it,
    /// empty removes it), both or neither: a custom card another device (a client keeping no
    /// rules, through sync) left without a name broke the rule, which refused every change of
    /// the card, and no command named a card once it was added.
    public func rename(_ card: UserCard, customName: String?, nickname: String?, now: Date) throws {
        try change {
            let card = try current(card)
            if let customName {
                guard card.isCustom else { throw WalletError.notCustom(card: self.name(of: card)) }
                let trimmed = customName.trimmingCharacters(in: .whitespaces)
                guard NameText.showsSomething(trimmed) else { throw WalletError.emptyName }
                if let problem = NameLineBreak(in: trimmed, what: "card name") { throw problem }
                card.customName = trimmed
            }
            if let nickname { card.nickname = try Self.optionalName(nickname) }
            card.updatedAt = now
        }
    }

    /// Overrides a benefit's value with the user's own (nil returns to the template's).
    public func setCustomValue(_ value: Decimal?, of benefit: Benefit, now: Date) throws {
        try change {
            let benefit = try current(benefit)
            if let value, value < 0 { throw WalletError.negativeValue }
            benefit.customValue = value.map(Self.cents)
            benefit.updatedAt = now
        }
    }

    /// Turns a benefit's reminders on or off and sets how many days before its end.
    public func setReminder(of benefit: Benefit, enabled: Bool, daysBefore: Int? = nil, now: Date) throws {
        try change {
            let benefit = try current(benefit)
            if let daysBefore {
                guard (0...30).contains(daysBefore) else { throw WalletError.invalidReminderDays(daysBefore) }
                benefit.reminderDaysBefore = daysBefore
            }
            benefit.reminderEnabled = enabled
            benefit.updatedAt = now
        }
    }

    /// Removes a card; its benefits and their history go with it (the seed's cascade).
    public func remove(_ card: UserCard) throws {
        try change {
            let card = try current(card)
            // Its benefits as the store holds them: the engine's cascade deletes the ones the card
            // had loaded (`remove` loads them to show the card's row), so a benefit another
            // coupontracker added since was left behind, belonging to no card.
            let id = card.id
            for benefit in try context.fetch(FetchDescriptor<Benefit>(predicate: #Predicate { $0.userCard?.id == id })) {
                context.delete(benefit)
            }
            context.delete(card)
        }
    }

    private func stamp(_ card: UserCard, _ now: Date) {
        card.addedDate = now
        card.createdAt = now
        card.updatedAt = now
    }

    /// After every card's, saved or not (the store's maximum counts saved ones only).
    private func nextSortOrder() throws -> Int {
        let unsaved = context.insertedModelsArray.compactMap { ($0 as? UserCard)?.sortOrder }.max()
        return Self.place(max(try context.maximum(of: \UserCard.sortOrder) ?? -1, unsaved ?? -1), plus: 1)
    }

    /// `order + step`, kept at the largest (or smallest) place there is rather than past it: a
    /// card stored at `Int.max` (an import, or another device's client keeping no rules) stopped
    /// every later `add` and `import` of the wallet with an arithmetic overflow.
    static func place(_ order: Int, plus step: Int) -> Int {
        let (sum, overflows) = order.addingReportingOverflow(step)
        return overflows ? (step < 0 ? Int.min : Int.max) : sum
    }

    /// A nickname given, or nil for none: spaces alone are none, as an import reads them.
    static func optionalName(_ text: String?) throws -> String? {
        // Foundation's whitespace holds U+200B, which shows nothing but is no space.
        guard let text, !NameText.isBlank(text) else { return nil }
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        guard NameText.showsSomething(trimmed) else { throw WalletError.nicknameShowsNothing }
        if let problem = NameLineBreak(in: trimmed, what: "nickname") { throw problem }
        return trimmed
    }

    /// A note given, or nil for none; a note may have several lines, as an import takes them.
    static func optionalNote(_ text: String?) -> String? {
        guard let trimmed = text?.trimmingCharacters(in: .whitespacesAndNewlines), !trimmed.isEmpty else { return nil }
        return trimmed
    }

    static func isColor(_ text: String) -> Bool {
        text.count == 7 && text.first == "#" && text.dropFirst().allSatisfy(\.isHexDigit)
    }

    // MARK: - Using benefits

    /// Marks `benefit` used at `now` and records the use, with the card's and the
    /// benefit's names as they are now.
    @discardableResult
    public func markUsed(_ benefit: Benefit, notes: String? = nil, now: Date) throws -> BenefitUsage {
        try change {
            let benefit = try current(benefit)
            let benefitName = name(of: benefit)
            // Its status is the ended period's: "used in this period" would name a period that is over.
            guard !benefit.isPeriodExpired(now: now) else {
                throw WalletError.periodOver(benefit: benefitName, endedOn: day(benefit.currentPeriodEnd))
            }
            guard benefit.status == .available else { throw WalletError.notAvailable(benefit: benefitName, status: benefit.status) }
            guard benefit.isActive, !benefit.isPeriodExpired(now: now) else {
                throw WalletError.periodOver(benefit: benefitName, endedOn: day(benefit.currentPeriodEnd))
            }
            let usage = BenefitUsage(id: PeriodUsageID.make(benefit: benefit.id, periodStart: benefit.currentPeriodStart, expired: false,
                                                            calendar: calendar),
                                     benefit: benefit, usedDate: now, periodStart: benefit.currentPeriodStart,
                                     periodEnd: benefit.currentPeriodEnd, valueRedeemed: value(of: benefit),
                                     notes: Self.optionalNote(notes), cardNameSnapshot: benefit.userCard.map(name(of:)),
                                     benefitNameSnapshot: benefitName)
            usage.createdAt = now
            benefit.markAsUsed(at: now)
            return usage
        }
    }

    /// Undoes the use of `benefit` in its current period: it is available again and
    /// the use is removed from its history.
    public func undoUse(of benefit: Benefit, now: Date) throws {
        try change {
            let benefit = try current(benefit)
            guard benefit.status == .used else { throw WalletError.notUsed(benefit: name(of: benefit)) }
            // A use in a period that has ended is history: taking it back would make the
            // benefit available in a period that is over, as `markUsed` refuses to.
            guard !benefit.isPeriodExpired(now: now) else {
                throw WalletError.useInEndedPeriod(benefit: name(of: benefit), endedOn: day(benefit.currentPeriodEnd))
            }
            let start = benefit.currentPeriodStart
            let uses = benefit.usageHistory
                .filter { !$0.wasAutoExpired && $0.periodStart == start }
                .sorted { $0.usedDate > $1.usedDate }
            if let last = uses.first { context.delete(last) }
            benefit.status = .available
            benefit.updatedAt = now
        }
    }

    // MARK: - Resets

    /// Rolls every benefit whose period has ended by `now` into the period containing
    /// `now`. Each period that ends unused is first recorded as an auto-expired usage,
    /// dated at the period's end, with the value that was lost. Running it again at
    /// the same moment changes nothing.
    @discardableResult
    public func processResets(asOf now: Date) throws -> ResetSummary {
        try change {
            var summary = ResetSummary()
            summary.periodsRepaired = try repairPeriodsOutsideTheYears(asOf: now)
            summary.remindersRepaired = try repairReminderDaysOutsideTheRange(at: now)
            for benefit in try BenefitRepository(modelContext: context).fetchBenefitsNeedingReset(now: now) {
                while benefit.nextResetDate <= now {
                    if benefit.status == .available {
                        let lost = value(of: benefit)
                        let usage = BenefitUsage(id: PeriodUsageID.make(benefit: benefit.id, periodStart: benefit.currentPeriodStart,
                                                                        expired: true, calendar: calendar),
                                                 benefit: benefit, usedDate: benefit.currentPeriodEnd,
                                                 periodStart: benefit.currentPeriodStart, periodEnd: benefit.currentPeriodEnd,
                                                 valueRedeemed: lost, wasAutoExpired: true,
                                                 cardNameSnapshot: benefit.userCard.map(name(of:)),
                                                 benefitNameSnapshot: name(of: benefit))
                        usage.createdAt = now
                        benefit.markAsExpired(at: now)
                        summary.periodsExpired += 1
                        summary.valueExpired += lost
                    }
                    var next = try period(of: benefit, containing: benefit.nextResetDate)
                    // A period counted in a time zone ahead of this one (the wallet made, or last
                    // reset, elsewhere, or by a device in another zone) ends, here, before
                    // midnight: the period around its end is the one that just ended, counted in
                    // this zone, and the new one is the period after it. Taken, that month
                    // expired twice. (A month is longer than any two zones are apart.)
                    if benefit.nextResetDate.timeIntervalSince(next.start) > next.nextReset.timeIntervalSince(benefit.nextResetDate) {
                        next = try period(of: benefit, containing: next.nextReset)
                    }
                    // A period always ends after it starts, so this loop always advances.
                    guard next.nextReset > benefit.nextResetDate else { throw PeriodError.outOfRange(benefit.nextResetDate) }
                    benefit.resetToNewPeriod(periodStart: next.start, periodEnd: next.end, nextReset: next.nextReset, at: now)
                    summary.periodsRolled += 1
                }
            }
            return summary
        }
    }

    /// Puts each benefit whose period another program stored outside the years the wallet
    /// keeps, or ending before it starts, in the period holding `now`, and returns how many:
    /// one ending 10^300 seconds from 1970 was never reset, and one due before 1900 stopped
    /// every reset, as no period holds that moment. Nothing is recorded expired: such a period
    /// was never the benefit's. A period the wallet made itself holds a moment of the kept
    /// years, but may begin or end beyond them: December 2199's resets on 2200-01-01, and
    /// January 1900 in Kiritimati began in 1899 in UTC; a period that begins on the first day
    /// after the years kept, on the clock of a zone behind UTC, is one too.
    private func repairPeriodsOutsideTheYears(asOf now: Date) throws -> Int {
        let kept = MomentText.moments
        // A day on the clocks kept is a day of the kept years in some zone: a period a reset at
        // the last minute of 2199 in Pago Pago (11 hours behind UTC) made begins in 2200 in UTC.
        // The zones span 26 hours, from 12 behind UTC to 14 ahead.
        let zones: TimeInterval = 26 * 3_600
        let (first, after) = (kept.lowerBound.addingTimeInterval(-zones), kept.upperBound.addingTimeInterval(zones))
        // The longest period is a year; a day more covers the wallet's time zone.
        let reach: TimeInterval = 367 * 86_400
        let (earliest, latest) = (kept.lowerBound.addingTimeInterval(-reach), kept.upperBound.addingTimeInterval(reach))
        let stray = try context.fetch(FetchDescriptor<Benefit>(predicate: #Predicate { benefit in
            benefit.currentPeriodStart >= after || benefit.currentPeriodEnd < first
                || benefit.currentPeriodStart < earliest || benefit.currentPeriodEnd >= latest
                || benefit.nextResetDate < earliest || benefit.nextResetDate >= latest
                || benefit.currentPeriodEnd < benefit.currentPeriodStart
        }))
        for benefit in stray {
            let period = try period(of: benefit, containing: now)
            benefit.resetToNewPeriod(periodStart: period.start, periodEnd: period.end, nextReset: period.nextReset, at: now)
        }
        return stray.count
    }

    /// Puts each benefit's reminder days that another program stored outside 0 to 30 (a client
    /// keeping no rules, through sync; `sqlite3`) back to the wallet's default for new
    /// benefits, and returns how many: the rule refused the save of such a benefit, so the
    /// first reset to roll its period stopped, and with it every reset of the wallet.
    private func repairReminderDaysOutsideTheRange(at now: Date) throws -> Int {
        let stray = try context.fetch(FetchDescriptor<Benefit>(predicate: #Predicate { benefit in
            benefit.reminderDaysBefore < 0 || benefit.reminderDaysBefore > 30
        }))
        let days = try repairedReminderDays()
        for benefit in stray {
            benefit.reminderDaysBefore = days
            benefit.updatedAt = now
        }
        return stray.count
    }

    /// The reminder days `reset` gives a benefit whose days another program stored outside 0 to
    /// 30: the wallet's default for new benefits, or, that too stored out of its range, the
    /// rule's nearest day.
    public func repairedReminderDays() throws -> Int {
        min(max(try preferences().defaultReminderDays, 0), 30)
    }

    /// `YYYY-MM-DD` in the wallet's calendar.
    public func day(_ date: Date) -> String {
        let parts = calendar.dateComponents([.year, .month, .day], from: date)
        // Padded by hand: a listing writes days for every row, and `String(format:)` is slow here.
        func digits(_ number: Int, _ count: Int) -> String {
            let text = String(number.magnitude)
            return (number < 0 ? "-" : "") + String(repeating: "0", count: max(count - text.count - (number < 0 ? 1 : 0), 0)) + text
        }
        return "\(digits(parts.year ?? 0, 4))-\(digits(parts.month ?? 0, 2))-\(digits(parts.day ?? 0, 2))"
    }
}
