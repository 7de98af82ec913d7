import Foundation
import SwiftData
import Testing

/// Cross-rate conversion through the base currency, on rates read back from the store.
@Suite struct AssetFlowExchangeRateTests {
    typealias S = AssetFlowStore

    /// The context that read the rate back; models do not keep their context alive.
    let context: ModelContext
    /// Base USD; 32.5 TWD and 0.5 EUR to the dollar.
    let rate: ExchangeRate

    init() throws {
        let container = try S.inMemory()
        let writer = ModelContext(container)
        let snapshot = Snapshot(date: S.date(day: 5))
        writer.insert(snapshot)
        snapshot.exchangeRate = ExchangeRate(baseCurrency: "USD", ratesJSON: S.ratesJSON(["twd": 32.5, "eur": 0.5]),
                                             fetchDate: S.date(day: 5))
        try writer.save()
        context = ModelContext(container)
        rate = try #require(try context.fetch(FetchDescriptor<Snapshot>()).first?.exchangeRate)
    }

    @Test func convertingFromTheBaseMultipliesByTheRate() throws {
        #expect(rate.convert(value: 100, from: "usd", to: "twd") == 3250)
    }

    @Test func convertingToTheBaseDividesByTheRate() throws {
        #expect(rate.convert(value: 3250, from: "TWD", to: "USD") == 100)
    }

    @Test func convertingBetweenTwoOtherCurrenciesGoesThroughTheBase() throws {
        #expect(rate.convert(value: 3250, from: "twd", to: "eur") == 50)
    }

    @Test func convertingToTheSameCurrencyKeepsTheValue() throws {
        #expect(rate.convert(value: S.decimal("9.99"), from: "jpy", to: "JPY") == S.decimal("9.99"))
    }

    @Test func convertingAnUnknownCurrencyGivesNil() throws {
        #expect(rate.convert(value: 1, from: "usd", to: "gbp") == nil)
    }
}
