import Foundation
import OpenSwiftData
import Testing
@testable import CardShowPro

@Suite("Amounts and dates as dealers type them")
struct DealerInputTests {
    @Test func amountsAreRoundedToCents() {
        #expect(DealerInput.amount("4.800000000000001") == 4.8)
        #expect(DealerInput.amount("$12.345") == 12.35)
    }

    @Test func amountsWithAnExponentOrThousandsSeparatorsAreRefused() {
        for text in ["1e3", "1e-300", "1E2", "+-5", "1,000", "1.2.3", ".", "-", "+", "$"] {
            #expect(DealerInput.amount(text) == nil, "\(text)")
        }
    }

    @Test func aPlusSignALeadingPointAndATrailingPointAreTakenAsTheOtherToolsTakeThem() {
        #expect(DealerInput.amount("+5") == 5)
        #expect(DealerInput.amount(".5") == 0.5)
        #expect(DealerInput.amount("12.") == 12)
    }

    @Test func negativeAmountsParseSoTheirRuleCanRefuseThem() {
        #expect(DealerInput.amount("-5") == -5)
    }

    @Test func amountsPastTheMaximumAreRefused() {
        #expect(DealerInput.amount("1e300") == nil)
        #expect(DealerInput.amount("100000000.01") == nil)
        #expect(DealerInput.amount("100000000") == Money.maximum)
    }

    @Test func roundingToCentsNeverGivesNegativeZero() {
        #expect(Money.cents(-0.004).sign == .plus)
    }

    @Test func aCardWorthMoreThanTheMaximumIsNotSaved() throws {
        let context = try makeContext()
        #expect(throws: ValidationError.amountTooLarge("A card's market value")) {
            try InventoryService(context: context).add(card(value: 1e300))
        }
        #expect(try ModelContext(context.container).fetchCount(FetchDescriptor<InventoryCard>()) == 0)
    }

    @Test func cardsEnterTheStoreInCents() throws {
        let context = try makeContext()
        let added = card(value: 4.800000000000001, cost: 1.1999999999999993)
        try InventoryService(context: context).add(added)
        let stored = try #require(try storedCards(context.container).first)
        #expect(stored.marketValue == 4.8)
        #expect(stored.purchaseCost == 1.2)
    }

    @Test func exportsWriteMoneyInCents() throws {
        let context = try makeContext()
        let added = card(value: 3, cost: 1)
        context.insert(added)
        added.marketValue = 4.800000000000001  // as a store written before rounding may hold it
        try context.save()
        let csv = String(decoding: try InventoryExchange(context: context).export(format: .csv), as: UTF8.self)
        let json = String(decoding: try InventoryExchange(context: context).export(format: .json), as: UTF8.self)
        #expect(csv.contains(",4.8,") && !csv.contains("4.800000000000001"))
        #expect(json.contains("4.8") && !json.contains("4.800000000000001"))
    }

    @Test func aDayThatDoesNotExistIsRefused() {
        #expect(DealerInput.date("2026-02-30") == nil)
        #expect(DealerInput.date("2026-02-29T10:00:00Z") == nil)
        #expect(DealerInput.date("2026-13-01") == nil)
    }

    @Test func aLeapDayIsADay() {
        #expect(DealerInput.date("2024-02-29") != nil)
    }

    @Test func implausibleYearsAreRefused() {
        #expect(DealerInput.date("0001-01-01") == nil)
        #expect(DealerInput.date("9999-12-31") == nil)
        #expect(DealerInput.date("506713-01-01") == nil)
    }

    @Test func theFormsExportsWriteStillParse() {
        #expect(DealerInput.date("2026-01-13T17:30:00Z") == Date(timeIntervalSince1970: 1_768_325_400))
        #expect(DealerInput.date("2026-01-13T17:30:00.250Z") != nil)
        #expect(DealerInput.date("2026-01-13") == Date(timeIntervalSince1970: 1_768_262_400))
    }

    @Test func aJSONImportWithADayThatDoesNotExistImportsNothing() throws {
        let context = try makeContext()
        let json = """
            {"exportDate": "2026-01-13T00:00:00Z", "version": "1.0", "cards": [
              {"name": "A", "setName": "S", "cardNumber": "1", "variant": "Normal", "condition": "Near Mint",
               "marketValue": 1, "acquiredDate": "2026-02-30T00:00:00Z"}
            ]}
            """
        #expect(throws: ImportError.self) { try InventoryExchange(context: context).importData(Data(json.utf8), format: .json) }
        #expect(try ModelContext(context.container).fetchCount(FetchDescriptor<InventoryCard>()) == 0)
    }

    @Test func deeplyNestedJSONIsRefusedWithItsLine() throws {
        let context = try makeContext()
        let nested = String(repeating: "[", count: 200_000)
        #expect(throws: ImportError.malformed(line: 1, reason: "this is not valid JSON: objects and arrays nest more than \(JSONLocator.maximumDepth) deep")) {
            try InventoryExchange(context: context).importData(Data(nested.utf8), format: .json)
        }
    }
}
