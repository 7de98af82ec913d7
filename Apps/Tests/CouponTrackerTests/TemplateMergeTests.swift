import CouponTracker
import Foundation
import SwiftData
import Testing

@Suite struct TemplateMergeTests {
    let t: TestWallet
    let old: CardDatabase
    let now: Date
    let gold: UserCard

    /// A Gold card with a nickname, a renamed and revalued Uber Cash and a used Dunkin' credit.
    init() throws {
        t = try TestWallet()
        old = t.wallet.catalog
        now = try Clock.at(2026, 5, 10)
        gold = try t.card("Gold Card", nickname: "Dining", at: Clock.at(2026, 5, 1))
        let uber = try t.benefit("Uber Cash", of: gold)
        uber.customName = "Uber Eats"
        try t.wallet.setCustomValue(12, of: uber, now: now)
        try t.wallet.markUsed(try t.benefit("Dunkin' Credit", of: gold), now: now)
    }

    /// The catalog with Gold's Dunkin' credit removed, a new quarterly credit added and
    /// its dining credit worth 15.
    func newer() throws -> [CardTemplate] {
        try old.cards.map { card in
            guard card.name == "Gold Card" else { return card }
            var benefits = card.benefits.filter { $0.name != "Dunkin' Credit" }.map { benefit in
                benefit.name == "Dining Credit"
                    ? BenefitTemplate(id: benefit.id, name: benefit.name, description: benefit.description, value: 15,
                                      frequency: benefit.frequency, category: benefit.category, resetDayOfMonth: 1)
                    : benefit
            }
            benefits.append(BenefitTemplate(id: try #require(UUID(uuidString: "550e8400-e29b-41d4-a716-446655440299")),
                                            name: "Hotel Credit", description: "new", value: 25, frequency: .quarterly,
                                            category: .hotel))
            return CardTemplate(id: card.id, name: card.name, issuer: card.issuer, lastUpdated: now, benefits: benefits)
        }
    }

    func merge() throws -> (TemplateMergeResult, Wallet) {
        let templates = try newer()
        let result = try TemplateVersionManager().mergeTemplates(existingCards: try t.wallet.cards(), newTemplates: templates,
                                                                 oldTemplates: old.cards, context: t.context,
                                                                 calendar: t.calendar, now: now)
        let catalog = CardDatabase(schemaVersion: 1, dataVersion: "next", lastUpdated: now, cards: templates)
        return (result, Wallet(context: ModelContext(t.container), catalog: catalog, calendar: t.calendar))
    }

    @Test func customisationsAreKept() throws {
        let (_, after) = try merge()
        let card = try after.card(named: "Dining")
        #expect(card.nickname == "Dining")
        let uber = try after.benefit(named: "Uber Eats", on: card)
        #expect(after.value(of: uber) == 12)
    }

    @Test func uncustomisedValuesFollowTheNewTemplate() throws {
        let (_, after) = try merge()
        #expect(after.value(of: try after.benefit(named: "Dining Credit")) == 15)
    }

    @Test func aBenefitTheTemplateGainedIsAddedInItsCurrentPeriod() throws {
        let (result, after) = try merge()
        #expect(result.benefitsAdded == 1)
        let hotel = try after.benefit(named: "Hotel Credit")
        #expect(hotel.currentPeriodStart == (try Clock.at(2026, 4, 1)))
        #expect(hotel.status == .available)
    }

    @Test func aBenefitTheTemplateLostIsInactiveWithItsHistory() throws {
        let (result, after) = try merge()
        #expect(result.benefitsRetired == 1)
        let dunkin = try #require(try after.context.fetch(FetchDescriptor<Benefit>()).first { $0.customName == "Dunkin' Credit" })
        #expect(!dunkin.isActive)
        #expect(!dunkin.reminderEnabled)
        #expect(dunkin.usageHistory.count == 1)
        #expect(try BenefitRepository(modelContext: after.context).fetchAvailableBenefits().allSatisfy { $0.id != dunkin.id })
        #expect(try after.processResets(asOf: Clock.at(2026, 9, 1)).periodsRolled > 0)
        #expect(dunkin.usageHistory.count == 1)
    }

    @Test func mergingTwiceChangesNothingMore() throws {
        _ = try merge()
        let (again, _) = try merge()
        #expect(again == TemplateMergeResult())
    }

    @Test func theVersionCheckComparesDataVersions() {
        let manager = TemplateVersionManager()
        if case .initialLoad(let cards) = manager.checkForUpdates(bundled: old, lastSynced: nil) {
            #expect(cards.count == old.cards.count)
        } else {
            Issue.record("expected an initial load")
        }
        if case .noUpdates = manager.checkForUpdates(bundled: old, lastSynced: old.dataVersion) {} else {
            Issue.record("expected no updates")
        }
        if case .updatesAvailable(let version) = manager.checkForUpdates(bundled: old, lastSynced: "2025.01.01") {
            #expect(version == old.dataVersion)
        } else {
            Issue.record("expected updates")
        }
    }

    @Test func aCardWhoseTemplateLeftTheCatalogKeepsItsNameAndHistoryWithItsBenefitsRetired() throws {
        let venture = try t.card("Venture X", at: now)
        try t.wallet.markUsed(try t.benefit("Travel Credit", of: venture), now: now)
        let templates = old.cards.filter { $0.name != "Venture X" }
        let result = try TemplateVersionManager().mergeTemplates(existingCards: try t.wallet.cards(), newTemplates: templates,
                                                                 oldTemplates: old.cards, context: t.context,
                                                                 calendar: t.calendar, now: now)
        #expect(result.cardsRetired == 1)
        #expect(result.benefitsRetired == 2)
        let after = Wallet(context: ModelContext(t.container),
                           catalog: CardDatabase(schemaVersion: 1, dataVersion: "next", lastUpdated: now, cards: templates),
                           calendar: t.calendar)
        let card = try after.card(named: "Venture X")
        #expect(after.name(of: card) == "Venture X")
        #expect(card.benefits.allSatisfy { !$0.isActive })
        #expect(Set(card.benefits.map(after.name(of:))) == ["Travel Credit", "Anniversary Miles"])
        #expect(card.benefits.flatMap(\.usageHistory).count == 1)
    }
}
