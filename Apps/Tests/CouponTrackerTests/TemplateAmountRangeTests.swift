import CouponTracker
import Foundation
import Testing

/// A template catalog's amounts are held to the range `add-benefit` and `import` use
/// (0 to 999,999.99): a catalog outside it is refused when it is read, naming the key.
@Suite struct TemplateAmountRangeTests {
    typealias Catalog = TemplateCatalogTests

    func problem(benefitExtra: String = "", value: String = "15", cardExtra: String = "") -> String? {
        let benefit = #"{"id": "550e8400-e29b-41d4-a716-446655440101", "name": "Uber", "description": "d", "value": "#
            + value + #", "frequency": "monthly", "category": "transportation""# + benefitExtra + "}"
        return Catalog().problem(Catalog.file(cards: Catalog.card("[\(benefit)]", extra: cardExtra)))
    }

    @Test func aNegativeBonusValueIsRefused() {
        let said = problem(benefitExtra: #", "bonusValue": -100, "bonusMonths": [12]"#)
        #expect(said?.contains("bonusValue") == true && said?.contains("0 to 999,999.99") == true, "\(said ?? "accepted")")
    }

    @Test func aValueOfTenMillionIsRefused() {
        let said = problem(value: "1e7")
        #expect(said?.contains("value") == true && said?.contains("0 to 999,999.99") == true, "\(said ?? "accepted")")
    }

    @Test func aValueAndBonusTogetherPastTheRangeAreRefused() {
        let said = problem(benefitExtra: #", "bonusValue": 600000, "bonusMonths": [12]"#, value: "600000")
        #expect(said?.contains("together") == true, "\(said ?? "accepted")")
    }

    @Test func aNegativeAnnualFeeIsRefused() {
        let said = problem(cardExtra: #", "annualFee": -1"#)
        #expect(said?.contains("annualFee") == true && said?.contains("0 to 999,999.99") == true, "\(said ?? "accepted")")
    }

    @Test func amountsAtTheEndsOfTheRangeAreRead() {
        #expect(problem(value: "999999.99", cardExtra: #", "annualFee": 0"#) == nil)
        #expect(problem(benefitExtra: #", "bonusValue": 20, "bonusMonths": [12]"#, value: "0", cardExtra: #", "annualFee": 999999.99"#) == nil)
    }

    @Test func theToolRefusesACatalogWithANegativeBonusBeforeAddingACard() throws {
        let tool = try CouponTrackerProcess()
        defer { tool.remove() }
        let benefit = #"{"id": "550e8400-e29b-41d4-a716-446655440101", "name": "Uber", "description": "d", "value": 15, "#
            + #""frequency": "monthly", "category": "transportation", "bonusValue": -100, "bonusMonths": [12]}"#
        let catalog = tool.directory.appendingPathComponent("templates.json")
        try Catalog.file(cards: Catalog.card("[\(benefit)]")).write(to: catalog, atomically: true, encoding: .utf8)
        let refused = try tool.run("add", "--template", "Platinum", "--now", "2026-12-05T10:00", "--templates", catalog.path)
        #expect(refused.status != 0 && refused.stderr.contains("bonusValue"), "\(refused.stderr)")
        #expect(!FileManager.default.fileExists(atPath: tool.store))
    }
}
