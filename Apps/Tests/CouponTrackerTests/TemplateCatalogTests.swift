import CouponTracker
import Foundation
import Testing

@Suite struct TemplateCatalogTests {
    func decode(_ json: String) throws -> CardDatabase {
        try CardDatabase.decode(Data(json.utf8), file: "test.json", now: Clock.epoch)
    }

    func problem(_ json: String) -> String? {
        do {
            _ = try decode(json)
            return nil
        } catch {
            return (error as? LocalizedError)?.errorDescription
        }
    }

    static let benefit = #"{"id": "550e8400-e29b-41d4-a716-446655440101", "name": "Uber", "description": "d", "value": 15, "frequency": "monthly", "category": "transportation"}"#

    static func file(cards: String) -> String {
        #"{"schemaVersion": 1, "dataVersion": "t", "lastUpdated": "2026-01-16T00:00:00Z", "cards": "# + cards + "}"
    }

    static func card(_ benefits: String = "[\(benefit)]", extra: String = "") -> String {
        #"[{"id": "550e8400-e29b-41d4-a716-446655440001", "name": "Platinum", "issuer": "Amex", "benefits": "# + benefits + extra + "}]"
    }

    @Test func theBundledCatalogHasTenCardsAndThirtyFourBenefits() throws {
        let catalog = try CardDatabase.bundled(now: Clock.epoch)
        #expect(catalog.cards.count == 10)
        #expect(catalog.cards.flatMap(\.benefits).count == 34)
        #expect(catalog.schemaVersion == 1)
    }

    @Test(.enabled(if: RealTemplates.available, "needs ../shared/data/CardTemplates.json"))
    func theBundledCatalogStatesTheFactsOfTheRealFile() throws {
        let real = try RealTemplates.load()
        let bundled = try CardDatabase.bundled(now: Clock.epoch)
        #expect(bundled.dataVersion == real.dataVersion)
        func facts(_ catalog: CardDatabase) -> [String] {
            catalog.cards.flatMap { card in
                ["\(card.id) \(card.name) \(card.issuer) \(card.annualFee ?? -1) \(card.isActive)"] + card.benefits.map { benefit in
                    "\(benefit.id) \(benefit.name) \(benefit.value) \(benefit.frequency) \(benefit.category) \(benefit.merchant ?? "-") \(benefit.resetDayOfMonth ?? 0) \(benefit.bonusValue ?? 0) \(benefit.bonusMonths ?? [])"
                }
            }
        }
        #expect(facts(bundled) == facts(real))
    }

    @Test(.enabled(if: RealTemplates.available, "needs ../shared/data/CardTemplates.json"))
    func theRealFileDecodesWithExactDecimalValues() throws {
        let real = try RealTemplates.load()
        #expect(real.cards.count == 10)
        let walmart = try #require(real.cards.flatMap(\.benefits).first { $0.name == "Walmart+ Credit" })
        #expect(walmart.value == dec("12.95"))
        #expect(walmart.annualValue == dec("155.40"))
    }

    @Test func missingKeysTakeTheSeedsDefaults() throws {
        let card = try #require(try decode(Self.file(cards: Self.card())).cards.first)
        #expect(card.artworkAsset == "")
        #expect(card.hasBundledArtwork == false)
        #expect(card.annualFee == nil)
        #expect(card.primaryColorHex == "#1a1a2e")
        #expect(card.secondaryColorHex == "#4a4e69")
        #expect(card.isActive)
        #expect(card.lastUpdated == Clock.epoch)
        #expect(card.benefits.first?.merchant == nil)
        #expect(card.benefits.first?.resetDayOfMonth == nil)
    }

    @Test func annualValuesCountPeriodsAndBonuses() throws {
        let catalog = try CardDatabase.bundled(now: Clock.epoch)
        let platinum = try #require(catalog.cards.first { $0.name == "Platinum Card" })
        let uber = try #require(platinum.benefits.first { $0.name == "Uber Cash" })
        #expect(uber.annualValue == dec("200"))  // 15 a month, and 20 more in December
        #expect(uber.value(forPeriodStartingIn: 12) == 35)
        #expect(uber.value(forPeriodStartingIn: 11) == 15)
        #expect(platinum.totalAnnualValue == platinum.benefits.reduce(0) { $0 + $1.annualValue })
    }

    @Test func anUnknownFrequencyIsRefusedNamingItsKeyPath() {
        let json = Self.file(cards: Self.card("[\(Self.benefit.replacingOccurrences(of: "monthly", with: "weekly"))]"))
        #expect(problem(json) == "The template file test.json is not valid at cards[0].benefits[0].frequency: 'weekly' is not one of monthly, quarterly, semiAnnual, annual. Nothing was loaded from it.")
    }

    @Test func aMissingKeyIsRefusedNamingItsKeyPath() {
        let json = Self.file(cards: Self.card("[\(Self.benefit.replacingOccurrences(of: #""value": 15, "#, with: ""))]"))
        #expect(problem(json)?.contains("at cards[0].benefits[0].value: the key is missing") == true)
    }

    @Test func aValueOfTheWrongKindIsRefusedNamingItsKeyPath() {
        let json = Self.file(cards: Self.card("[\(Self.benefit.replacingOccurrences(of: "15", with: #""fifteen""#))]"))
        #expect(problem(json)?.contains("at cards[0].benefits[0].value: it must be a number") == true)
    }

    @Test func aBadUUIDIsRefusedNamingItsKeyPath() {
        let json = Self.file(cards: Self.card().replacingOccurrences(of: "550e8400-e29b-41d4-a716-446655440001", with: "card-1"))
        #expect(problem(json)?.contains("at cards[0].id: 'card-1' is not a UUID") == true)
    }

    @Test func aResetDayOutsideTheMonthIsRefused() {
        let json = Self.file(cards: Self.card("[\(Self.benefit.replacingOccurrences(of: "}", with: #", "resetDayOfMonth": 32}"#))]"))
        #expect(problem(json)?.contains("at cards[0].benefits[0].resetDayOfMonth: 32 is not a day of the month") == true)
    }

    @Test func aRepeatedIdIsRefused() {
        let json = Self.file(cards: Self.card("[\(Self.benefit), \(Self.benefit)]"))
        #expect(problem(json)?.contains("at cards[0].benefits[1].id: the benefit id") == true)
    }

    @Test func aFileThatIsNotJSONIsRefused() {
        #expect(problem("{\"cards\": [")?.hasPrefix("The template file test.json is not valid JSON at line 1: ") == true)
    }

    @Test func aFileNestedDeeperThanAnyCatalogIsSaidToNestTooDeepNotJustInvalid() {
        let text = "{\"cards\": " + String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000) + "}"
        #expect(problem(text) == "The template file test.json is not valid JSON at line 1: objects and arrays nest more than 64 deep.")
    }

    /// Found by the fuzz target `coupontracker-templates` (Fuzz/): the refusal did not say where.
    @Test func aFileThatIsNotJSONNamesTheLineWhereItBreaks() {
        #expect(problem("{\n\"cards\": [\n  {\"name\": \"Gold\"}\n  x\n]}")?.hasPrefix("The template file test.json is not valid JSON at line 4: ") == true)
        #expect(problem("{\"schemaVersion\": 1,\n\"cards\": [")?.hasPrefix("The template file test.json is not valid JSON at line 2: ") == true)
    }

    @Test func aMissingFileIsNamed() {
        #expect(throws: TemplateError.unreadable(file: "/nonexistent/CardTemplates.json", reason: "there is no such file")) {
            try CardDatabase.load(from: URL(fileURLWithPath: "/nonexistent/CardTemplates.json"), now: Clock.epoch)
        }
    }

    @Test func lookupsFindCardsAndBenefitsById() throws {
        let catalog = try CardDatabase.bundled(now: Clock.epoch)
        let gold = try #require(catalog.cards.first { $0.name == "Gold Card" })
        #expect(catalog.card(for: gold.id)?.name == "Gold Card")
        #expect(catalog.benefit(for: gold.benefits[0].id)?.name == gold.benefits[0].name)
        #expect(catalog.cardsByIssuer["American Express"]?.count == catalog.activeCards.filter { $0.issuer == "American Express" }.count)
    }
}
