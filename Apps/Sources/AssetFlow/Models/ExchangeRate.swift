import Foundation
import SwiftData

/// The exchange rates that apply on a snapshot's day.
@Model
public final class ExchangeRate {
    /// Lowercase currency code of the base, "usd".
    public var baseCurrency: String
    /// A JSON object of units of each (lowercase) currency per one base unit. Its numbers
    /// are written and read as decimal text (`Decimal`), never through `Double`, so that a
    /// rate of 0.0333 stays 0.0333.
    public var ratesJSON: Data
    public var fetchDate: Date
    /// The rates came from a fallback source.
    public var isFallback: Bool

    public var snapshot: Snapshot?

    public init(baseCurrency: String, ratesJSON: Data, fetchDate: Date, isFallback: Bool = false) {
        self.baseCurrency = baseCurrency.lowercased()
        self.ratesJSON = ratesJSON
        self.fetchDate = fetchDate
        self.isFallback = isFallback
    }

    /// The decoded rates, exactly as written; empty when `ratesJSON` is not valid.
    public var rates: [String: Decimal] {
        (try? JSONDecoder().decode([String: Decimal].self, from: ratesJSON)) ?? [:]
    }

    /// `rates` as `ratesJSON`, each number in its exact decimal text.
    public static func encode(_ rates: [String: Decimal]) throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        return try encoder.encode(rates)
    }

    /// `value` in `from` expressed in `to`, through the base currency:
    /// `value / rate(from) * rate(to)`, the base counting as 1.
    public func convert(value: Decimal, from: String, to: String) throws -> Decimal {
        let from = CurrencyCode.held(from).lowercased(), to = CurrencyCode.held(to).lowercased()
        if from == to { return value }
        let rates = self.rates
        func rate(_ currency: String) throws -> Decimal {
            if currency == baseCurrency { return 1 }
            guard let rate = rates[currency], rate > 0 else {
                throw CurrencyError.unknownCurrency(currency.uppercased(), known: ([baseCurrency] + rates.keys).map { $0.uppercased() }.sorted())
            }
            return rate
        }
        return value / (try rate(from)) * (try rate(to))
    }
}
