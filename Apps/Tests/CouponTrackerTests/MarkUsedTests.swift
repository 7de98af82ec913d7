import CouponTracker
import Foundation
import SwiftData
import Testing

@Suite struct MarkUsedTests {
    let t: TestWallet
    let card: UserCard
    let now: Date

    init() throws {
        t = try TestWallet()
        now = try Clock.at(2026, 3, 10, 12)
        card = try t.card("Gold Card", nickname: "Dining", at: Clock.at(2026, 3, 1, 9))
    }

    @Test func aCardFromATemplateHasEachTemplateBenefitInItsCurrentPeriod() throws {
        let template = try t.wallet.cardTemplate(named: "Gold Card")
        #expect(Set(card.benefits.compactMap(\.templateBenefitId)) == Set(template.benefits.map(\.id)))
        let uber = try t.benefit("Uber Cash", of: card)
        #expect(uber.currentPeriodStart == (try Clock.at(2026, 3, 1)))
        #expect(uber.nextResetDate == (try Clock.at(2026, 4, 1)))
        let resy = try t.benefit("Resy Credit", of: card)
        #expect(resy.currentPeriodStart == (try Clock.at(2026, 1, 1)))
        #expect(resy.nextResetDate == (try Clock.at(2026, 7, 1)))
    }

    @Test func markingUsedRecordsAUsageWithTheCardAndBenefitNamesAndTheValue() throws {
        let uber = try t.benefit("Uber Cash", of: card)
        try t.wallet.markUsed(uber, notes: "ride", now: now)

        let stored = t.reread()
        let usage = try #require(try stored.context.fetch(FetchDescriptor<BenefitUsage>()).first)
        #expect(usage.cardNameSnapshot == "Dining")
        #expect(usage.benefitNameSnapshot == "Uber Cash")
        #expect(usage.valueRedeemed == 10)
        #expect(usage.usedDate == now)
        #expect(usage.periodStart == uber.currentPeriodStart)
        #expect(usage.periodEnd == uber.currentPeriodEnd)
        #expect(usage.notes == "ride")
        #expect(usage.wasAutoExpired == false)
        #expect(try stored.benefit(named: "Uber Cash").status == .used)
    }

    @Test func aCustomValueIsWhatIsRedeemed() throws {
        let dining = try t.benefit("Dining Credit", of: card)
        try t.wallet.setCustomValue(dec("7.50"), of: dining, now: now)
        #expect(try t.wallet.markUsed(dining, now: now).valueRedeemed == dec("7.50"))
    }

    @Test func undoMakesTheBenefitAvailableAndRemovesItsUsage() throws {
        let uber = try t.benefit("Uber Cash", of: card)
        try t.wallet.markUsed(uber, now: now)
        try t.wallet.undoUse(of: uber, now: now)

        let stored = t.reread()
        #expect(try stored.benefit(named: "Uber Cash").status == .available)
        #expect(try stored.context.fetchCount(FetchDescriptor<BenefitUsage>()) == 0)
    }

    @Test func undoKeepsTheHistoryOfEarlierPeriods() throws {
        let uber = try t.benefit("Uber Cash", of: card)
        try t.wallet.markUsed(uber, notes: "march", now: now)
        try t.wallet.processResets(asOf: Clock.at(2026, 4, 2))
        try t.wallet.markUsed(uber, notes: "april", now: Clock.at(2026, 4, 3))
        try t.wallet.undoUse(of: uber, now: Clock.at(2026, 4, 3))
        #expect(try UsageRepository(modelContext: t.context).fetchHistory(for: uber.id).map(\.notes) == ["march"])
    }

    @Test func repeatedMarkAndUndoCyclesLeaveOneUsageWhenEndingUsed() throws {
        let uber = try t.benefit("Uber Cash", of: card)
        for _ in 0..<3 {
            try t.wallet.markUsed(uber, now: now)
            try t.wallet.undoUse(of: uber, now: now)
        }
        try t.wallet.markUsed(uber, now: now)
        #expect(try t.usages().count == 1)
        #expect(uber.status == .used)
    }

    @Test func markingAUsedBenefitAgainIsRefusedAndChangesNothing() throws {
        let uber = try t.benefit("Uber Cash", of: card)
        try t.wallet.markUsed(uber, now: now)
        #expect(throws: WalletError.notAvailable(benefit: "Uber Cash", status: .used)) { try t.wallet.markUsed(uber, now: now) }
        #expect(try t.reread().context.fetchCount(FetchDescriptor<BenefitUsage>()) == 1)
    }

    @Test func undoingAnAvailableBenefitIsRefused() throws {
        let uber = try t.benefit("Uber Cash", of: card)
        #expect(throws: WalletError.notUsed(benefit: "Uber Cash")) { try t.wallet.undoUse(of: uber, now: now) }
    }

    @Test func markingUsedAfterThePeriodEndedIsRefusedUntilResetsAreProcessed() throws {
        let uber = try t.benefit("Uber Cash", of: card)
        let april = try Clock.at(2026, 4, 2)
        #expect(throws: WalletError.periodOver(benefit: "Uber Cash", endedOn: "2026-03-31")) { try t.wallet.markUsed(uber, now: april) }
        #expect(uber.status == .available)
        #expect(try t.usages().isEmpty)
        try t.wallet.processResets(asOf: april)
        #expect(try t.wallet.markUsed(uber, now: april).periodStart == (try Clock.at(2026, 4, 1)))
    }

    /// A benefit used in March, marked used again in April before resets were processed: it
    /// said "'Uber Cash' is used in this period", of a period that had ended.
    @Test func markingUsedABenefitUsedInAPeriodThatEndedSaysToProcessResetsNotThatItIsUsed() throws {
        let uber = try t.benefit("Uber Cash", of: card)
        try t.wallet.markUsed(uber, now: now)
        let april = try Clock.at(2026, 4, 2)
        #expect(throws: WalletError.periodOver(benefit: "Uber Cash", endedOn: "2026-03-31")) { try t.wallet.markUsed(uber, now: april) }
        #expect(try t.usages().count == 1)
    }

    @Test func aBenefitNameSharedByTwoCardsIsAmbiguousWithoutTheCard() throws {
        _ = try t.card("Platinum Card", at: now)
        #expect(throws: WalletError.self) { try t.wallet.benefit(named: "Uber Cash") }
        #expect(try t.wallet.benefit(named: "uber cash", on: card).userCard?.id == card.id)
    }

    @Test func aCustomCardNeedsAName() throws {
        #expect(throws: WalletError.emptyName) { try t.wallet.addCustomCard(name: "  ", now: now) }
        #expect(try t.wallet.cards().count == 1)
    }

    @Test func aRetiredTemplateCannotBeAdded() throws {
        let gold = try t.wallet.cardTemplate(named: "Gold Card")
        let retired = CardTemplate(id: gold.id, name: gold.name, issuer: gold.issuer, isActive: false, lastUpdated: now,
                                   benefits: gold.benefits)
        #expect(throws: WalletError.templateRetired("Gold Card")) { try t.wallet.addCard(from: retired, now: now) }
        #expect(try t.wallet.cards().count == 1)
    }

    /// A use's note is free text, as an import takes it: its line breaks were refused in the
    /// words for a nickname.
    @Test func aUseNoteMayHaveSeveralLines() throws {
        let uber = try t.benefit("Uber Cash", of: card)
        try t.wallet.markUsed(uber, notes: "ride to the airport\nand back", now: now)
        let usage = try #require(try UsageRepository(modelContext: t.context).fetchHistory(for: uber.id).first)
        #expect(usage.notes == "ride to the airport\nand back")
    }

    @Test func aNicknameOfCharactersThatShowNothingIsRefused() throws {
        #expect(throws: WalletError.nicknameShowsNothing) {
            try t.card("Platinum Card", nickname: "\u{200B}", at: now)
        }
        #expect(throws: WalletError.nicknameShowsNothing) { try t.wallet.setNickname("\u{2800}", of: card, now: now) }
        #expect(card.nickname == "Dining")
    }

    @Test func aNicknameOfSpacesIsNone() throws {
        let platinum = try t.card("Platinum Card", nickname: "   ", at: now)
        #expect(platinum.nickname == nil)
        try t.wallet.setNickname(" ", of: card, now: now)
        #expect(card.nickname == nil)
    }
}
