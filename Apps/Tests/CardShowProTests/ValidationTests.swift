import Foundation
import OpenSwiftData
import Testing
@testable import CardShowPro

/// Each rule: the save that would store the bad value throws the rule's error and
/// writes nothing.
@Suite("Validation")
struct ValidationTests {
    /// Inserts `model`, saves, and returns what the save threw, after checking that the
    /// store is still empty of `Model`.
    func saveError<Model: PersistentModel>(_ model: Model) throws -> ValidationError? {
        let context = try makeContext()
        context.insert(model)
        var thrown: ValidationError?
        do { try context.save() } catch let error as ValidationError { thrown = error }
        let fresh = ModelContext(context.container)  // kept alive: models hold their context weakly
        #expect(try fresh.fetchCount(FetchDescriptor<Model>()) == 0)
        return thrown
    }

    // MARK: The seed's card rules

    @Test func cardNeedsAName() throws {
        #expect(try saveError(card("")) == .emptyName)
    }

    @Test func cardNameOfOnlySpacesIsNoName() throws {
        #expect(try saveError(card("   ")) == .emptyName)
    }

    @Test func cardNeedsASetName() throws {
        #expect(try saveError(card(set: "")) == .emptySetName)
    }

    @Test func cardNeedsACardNumber() throws {
        #expect(try saveError(card(number: "")) == .emptyCardNumber)
    }

    @Test func marketValueCannotBeNegative() throws {
        #expect(try saveError(card(value: -0.01)) == .negativeMarketValue)
    }

    @Test func marketValueCannotBeNaN() throws {
        #expect(try saveError(card(value: .nan)) == .negativeMarketValue)
    }

    /// Another program's `9e999`, read back as infinity: the export's refusal said "a card's
    /// market value can't be negative" of it.
    @Test func aMarketValueOfInfinityIsOutOfRangeNotNegative() throws {
        #expect(try saveError(card(value: .infinity)) == .amountTooLarge("A card's market value"))
        #expect(try saveError(card(cost: .infinity)) == .amountTooLarge("What you paid for a card"))
    }

    @Test func purchaseCostCannotBeNegative() throws {
        #expect(try saveError(card(cost: -5)) == .negativePurchaseCost)
    }

    @Test func gradedCardGradeMustBeOneToTen() throws {
        for bad in [0, 11, -1] {
            let graded = card()
            graded.isGraded = true
            graded.grade = bad
            #expect(try saveError(graded) == .invalidGrade)
        }
    }

    @Test func gradesOneAndTenAreValid() throws {
        let context = try makeContext()
        for grade in [1, 10] {
            let graded = card()
            graded.isGraded = true
            graded.grade = grade
            context.insert(graded)
        }
        try context.save()
        #expect(try context.fetchCount(FetchDescriptor<InventoryCard>()) == 2)
    }

    @Test func zeroValueAndZeroCostAreValid() throws {
        let context = try makeContext()
        context.insert(card(value: 0, cost: 0))
        try context.save()
        #expect(try context.fetchCount(FetchDescriptor<InventoryCard>()) == 1)
    }

    @Test func ruleIsEnforcedWhenASavedCardIsChanged() throws {
        let context = try makeContext()
        let saved = card(value: 10)
        context.insert(saved)
        try context.save()
        saved.marketValue = -1
        #expect(throws: ValidationError.negativeMarketValue) { try context.save() }
        let fresh = ModelContext(context.container)  // kept alive: models hold their context weakly
        #expect(try fresh.fetch(FetchDescriptor<InventoryCard>()).first?.marketValue == 10)
    }

    @Test func oneInvalidCardAbortsTheWholeSave() throws {
        let context = try makeContext()
        context.insert(card("Good"))
        context.insert(card(""))
        #expect(throws: ValidationError.emptyName) { try context.save() }
        let fresh = ModelContext(context.container)  // kept alive: models hold their context weakly
        #expect(try fresh.fetchCount(FetchDescriptor<InventoryCard>()) == 0)
    }

    // MARK: The other entities

    @Test func salePriceCannotBeNegative() throws {
        #expect(try saveError(SalesHistory(salePrice: -1, platform: "eBay")) == .negativeSalePrice)
    }

    @Test func saleFeesCannotBeNegative() throws {
        #expect(try saveError(SalesHistory(salePrice: 10, platformFees: -1, platform: "eBay")) == .negativeFees)
        #expect(try saveError(SalesHistory(salePrice: 10, shippingCost: -1, platform: "eBay")) == .negativeFees)
    }

    @Test func saleNeedsAPlatform() throws {
        #expect(try saveError(SalesHistory(salePrice: 10, platform: " ")) == .emptyPlatform)
    }

    @Test func tradePercentageMustBeAboveZeroAndAtMostOne() throws {
        #expect(try saveError(TradeHistory(tradePercentage: 0, myCardsTotal: 1, theirCardsTotal: 1)) == .invalidTradePercentage)
        #expect(try saveError(TradeHistory(tradePercentage: 1.2, myCardsTotal: 1, theirCardsTotal: 1)) == .invalidTradePercentage)
    }

    @Test func tradeTotalsCannotBeNegative() throws {
        #expect(try saveError(TradeHistory(myCardsTotal: -1, theirCardsTotal: 1)) == .negativeTradeTotal)
    }

    @Test func eventNeedsAName() throws {
        #expect(try saveError(Event(name: "", date: referenceDate, location: "Mesa")) == .emptyEventName)
    }

    @Test func eventCannotEndBeforeItStarts() throws {
        let event = Event(name: "Show", date: referenceDate, location: "Mesa")
        event.startTime = referenceDate
        event.endTime = hours(-1)
        #expect(try saveError(event) == .eventEndsBeforeStart)
    }

    @Test func eventCountsCannotBeNegative() throws {
        let event = Event(name: "Show", date: referenceDate, location: "Mesa")
        event.cardsSold = -1
        #expect(try saveError(event) == .negativeEventCount)
    }

    @Test func contactNeedsAName() throws {
        #expect(try saveError(Contact(name: "", role: .customer)) == .emptyContactName)
    }

    @Test func contactEmailMustLookLikeAnEmail() throws {
        for bad in ["ash", "ash@", "@pallet.town", "ash@pallet", "ash ketchum@pallet.town"] {
            let contact = Contact(name: "Ash", role: .customer)
            contact.email = bad
            #expect(try saveError(contact) == .invalidEmail, "\(bad)")
        }
    }

    @Test func wantNeedsACardName() throws {
        #expect(try saveError(WantListItem(cardName: "")) == .emptyWantedCardName)
    }

    @Test func wantMaxPriceCannotBeNegative() throws {
        let item = WantListItem(cardName: "Mew")
        item.maxPrice = -1
        #expect(try saveError(item) == .negativeMaxPrice)
    }

    @Test func priceNeedsACardID() throws {
        #expect(try saveError(CachedPrice(cardId: "", marketPrice: 1, lowPrice: 1, midPrice: 1, highPrice: 1, source: "x")) == .emptyPriceCardID)
    }

    @Test func pricesCannotBeNegative() throws {
        #expect(try saveError(CachedPrice(cardId: "a", marketPrice: 1, lowPrice: -1, midPrice: 1, highPrice: 1, source: "x")) == .negativePrice)
    }

    @Test func gradingCostCannotBeNegative() throws {
        #expect(try saveError(GradingSubmission(company: .psa, totalCost: -20)) == .negativeGradingCost)
    }

    @Test func gradingCannotReturnBeforeSubmission() throws {
        let submission = GradingSubmission(company: .psa, totalCost: 20, submissionDate: referenceDate)
        submission.actualReturnDate = day(-1)
        #expect(try saveError(submission) == .returnBeforeSubmission)
    }

    // MARK: Messages

    @Test func messagesAreSentencesWithoutCodeNames() {
        let all: [ValidationError] = [
            .emptyName, .emptySetName, .emptyCardNumber, .negativeMarketValue, .negativePurchaseCost, .invalidGrade,
            .negativeSalePrice, .negativeFees, .emptyPlatform, .invalidTradePercentage, .negativeTradeTotal,
            .emptyEventName, .eventEndsBeforeStart, .negativeEventCount, .emptyContactName, .invalidEmail,
            .emptyWantedCardName, .negativeMaxPrice, .emptyPriceCardID, .negativePrice, .negativeGradingCost,
            .returnBeforeSubmission,
        ]
        for error in all {
            let message = error.localizedDescription
            #expect(message.first?.isUppercase == true && message.hasSuffix("."), "\(message)")
            #expect(!message.contains("InventoryCard") && !message.contains("marketValue"), "\(message)")
        }
    }
}
