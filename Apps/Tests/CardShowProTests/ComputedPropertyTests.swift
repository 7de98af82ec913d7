import Foundation
import Testing
@testable import CardShowPro

@Suite("Computed properties")
struct ComputedPropertyTests {
    // MARK: InventoryCard

    @Test func profitIsMarketValueLessCost() {
        #expect(card(value: 150, cost: 100).profit == 50)
        #expect(card(value: 80, cost: 100).profit == -20)
    }

    @Test func profitIsZeroWhenCostIsUnknown() {
        #expect(card(value: 150, cost: nil).profit == 0)
    }

    @Test func profitMarginIsProfitOverCost() {
        #expect(card(value: 150, cost: 100).profitMargin == 0.5)
    }

    @Test func profitMarginIsZeroWhenCostIsZeroOrUnknown() {
        #expect(card(value: 150, cost: 0).profitMargin == 0)
        #expect(card(value: 150, cost: nil).profitMargin == 0)
    }

    @Test func roiIsProfitMarginInPercent() {
        #expect(card(value: 125, cost: 100).roi == 25)
    }

    @Test func displayNameIsNameAndNumber() {
        #expect(card("Blastoise", number: "2/102").displayName == "Blastoise #2/102")
    }

    // MARK: SalesHistory

    @Test func netProfitIsPriceLessFeesAndShipping() {
        let sale = SalesHistory(salePrice: 100, platformFees: 12.9, shippingCost: 4.5, platform: "eBay")
        #expect(abs(sale.netProfit - 82.6) < 1e-9)
    }

    @Test func totalCostsAreFeesPlusShipping() {
        let sale = SalesHistory(salePrice: 100, platformFees: 12.9, shippingCost: 4.5, platform: "eBay")
        #expect(abs(sale.totalCosts - 17.4) < 1e-9)
    }

    // MARK: TradeHistory

    @Test func tradeValueAppliesThePercentageToTheirCards() {
        let trade = TradeHistory(tradePercentage: 0.8, myCardsTotal: 80, theirCardsTotal: 100)
        #expect(trade.theirCardsTradeValue == 80)
    }

    @Test func tradeIsBalancedWithinOneDollar() {
        #expect(TradeHistory(tradePercentage: 0.8, myCardsTotal: 80.5, theirCardsTotal: 100).isBalanced)
        #expect(!TradeHistory(tradePercentage: 0.8, myCardsTotal: 81, theirCardsTotal: 100).isBalanced)
        #expect(!TradeHistory(tradePercentage: 0.8, myCardsTotal: 70, theirCardsTotal: 100).isBalanced)
    }

    @Test func differentialIsMyTotalLessTheirTradeValue() {
        #expect(TradeHistory(tradePercentage: 0.8, myCardsTotal: 90, theirCardsTotal: 100).differential == 10)
        #expect(TradeHistory(tradePercentage: 0.5, myCardsTotal: 40, theirCardsTotal: 100).differential == -10)
    }

    // MARK: Event

    @Test func durationIsEndLessStart() {
        let event = Event(name: "Phoenix Card Show", date: referenceDate, location: "Phoenix")
        event.startTime = referenceDate
        event.endTime = hours(6)
        #expect(event.duration == 6.0 * 3600)
    }

    @Test func durationIsNilUntilTheEventHasEnded() {
        let event = Event(name: "Phoenix Card Show", date: referenceDate, location: "Phoenix")
        #expect(event.duration == nil)
        event.startTime = referenceDate
        #expect(event.duration == nil)
    }

    @Test func averageSaleIsRevenueOverCardsSold() {
        let event = Event(name: "Show", date: referenceDate, location: "Mesa")
        event.totalRevenue = 300
        event.cardsSold = 4
        #expect(event.averageSale == 75)
    }

    @Test func averageSaleIsZeroWithNoSales() {
        let event = Event(name: "Show", date: referenceDate, location: "Mesa")
        event.totalRevenue = 300
        #expect(event.averageSale == 0)
    }

    @Test func sellThroughRateIsCardsSoldOverCardsBrought() {
        let event = Event(name: "Show", date: referenceDate, location: "Mesa")
        event.cardsCount = 40
        event.cardsSold = 10
        #expect(event.sellThroughRate == 0.25)
    }

    @Test func sellThroughRateIsZeroWhenNoCardsWereBrought() {
        let event = Event(name: "Show", date: referenceDate, location: "Mesa")
        event.cardsSold = 3
        #expect(event.sellThroughRate == 0)
    }

    // MARK: Contact

    @Test func totalPurchasesSumsSalePrices() throws {
        let context = try makeContext()
        let contact = Contact(name: "Ash", role: .customer)
        context.insert(contact)
        for price in [10.0, 25.5] {
            let sale = SalesHistory(salePrice: price, platform: "In-Person")
            context.insert(sale)
            sale.contact = contact
        }
        try context.save()
        #expect(contact.totalPurchases == 35.5)
        #expect(contact.purchaseCount == 2)
    }

    @Test func totalPurchasesIsZeroWithoutPurchases() {
        let contact = Contact(name: "Misty", role: .customer)
        #expect(contact.totalPurchases == 0)
        #expect(contact.purchaseCount == 0)
    }

    // MARK: CachedPrice

    @Test func priceExpiresAfterTwentyFourHours() {
        let price = CachedPrice(cardId: "base1-4", marketPrice: 1, lowPrice: 1, midPrice: 1, highPrice: 1,
                                source: "PokemonTCG.io", timestamp: referenceDate)
        #expect(!price.isExpired(at: hours(23.9)))
        #expect(!price.isExpired(at: hours(24)))
        #expect(price.isExpired(at: hours(24.1)))
    }

    @Test func priceStoredNowIsNotExpired() {
        let price = CachedPrice(cardId: "base1-4", marketPrice: 1, lowPrice: 1, midPrice: 1, highPrice: 1, source: "TCGDex")
        #expect(!price.isExpired)
    }

    @Test func ageIsTimeSinceTheTimestamp() {
        let price = CachedPrice(cardId: "base1-4", marketPrice: 1, lowPrice: 1, midPrice: 1, highPrice: 1,
                                source: "TCGDex", timestamp: referenceDate)
        #expect(price.age(at: hours(3)) == 3 * 3600)
    }

    // MARK: GradingSubmission

    @Test func submissionIsOverduePastItsExpectedReturn() {
        let submission = GradingSubmission(company: .psa, totalCost: 50, expectedReturnDate: day(30), submissionDate: referenceDate)
        #expect(!submission.isOverdue(at: day(29)))
        #expect(submission.isOverdue(at: day(31)))
    }

    @Test func returnedSubmissionIsNeverOverdue() {
        let submission = GradingSubmission(company: .psa, totalCost: 50, expectedReturnDate: day(30), submissionDate: referenceDate)
        submission.actualReturnDate = day(40)
        #expect(!submission.isOverdue(at: day(60)))
    }

    @Test func submissionWithoutExpectedReturnIsNeverOverdue() {
        let submission = GradingSubmission(company: .bgs, totalCost: 50, submissionDate: referenceDate)
        #expect(!submission.isOverdue(at: day(365)))
    }

    @Test func daysOutCountsWholeDaysSinceSubmission() {
        let submission = GradingSubmission(company: .cgc, totalCost: 50, submissionDate: referenceDate)
        #expect(submission.daysOut(at: hours(23)) == 0)
        #expect(submission.daysOut(at: day(10.5)) == 10)
    }

    @Test func costPerCardSplitsTheTotalCost() throws {
        let context = try makeContext()
        let submission = GradingSubmission(company: .psa, totalCost: 90)
        context.insert(submission)
        submission.cards = [card("A"), card("B"), card("C")]
        #expect(submission.cardCount == 3)
        #expect(submission.costPerCard == 30)
    }

    @Test func costPerCardIsZeroForAnEmptySubmission() {
        #expect(GradingSubmission(company: .sgc, totalCost: 90).costPerCard == 0)
    }

    // MARK: Enums

    @Test func conditionAbbreviations() {
        #expect(CardCondition.allCases.map(\.abbreviation) == ["NM", "LP", "MP", "HP", "DMG"])
    }

    @Test func conditionParsesNamesAndAbbreviationsIgnoringCase() {
        #expect(CardCondition(parsing: "nm") == .nearMint)
        #expect(CardCondition(parsing: " Lightly Played ") == .lightlyPlayed)
        #expect(CardCondition(parsing: "DMG") == .damaged)
        #expect(CardCondition(parsing: "mint") == nil)
    }
}
