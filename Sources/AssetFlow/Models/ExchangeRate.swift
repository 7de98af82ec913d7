import Foundation
import SwiftData

/// The exchange rates that apply on a snapshot's day.
@Model
public final class ExchangeRate {
    /// Lowercase currency code of the base, "usd".
    public var baseCurrency: String
    /// JSON of `[String: Double]`: units of each (lowercase) currency per one base unit.
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

    /// The decoded rates; empty when `ratesJSON` is not valid.
    public var rates: [String: Double] {
        (try? JSONDecoder().decode([String: Double].self, from: ratesJSON)) ?? [:]
    }

    /// `value` in `from` expressed in `to`, through the base currency:
    /// `value / rate(from) * rate(to)`, the base counting as 1.
    ///
    /// Each rate enters as the shortest decimal text of its `Double` (32.5 is exactly
    /// 32.5), so conversions are `Decimal` arithmetic from there on.
    public func convert(value: Decimal, from: String, to: String) throws -> Decimal {
        let from = from.lowercased(), to = to.lowercased()
        if from == to { return value }
        let rates = self.rates
        func rate(_ currency: String) throws -> Decimal {
            if currency == baseCurrency { return 1 }
            guard let rate = rates[currency], rate > 0,
                  let exact = Decimal(string: "\(rate)", locale: Locale(identifier: "en_US_POSIX")) else {
                throw CurrencyError.unknownCurrency(currency.uppercased(), known: ([baseCurrency] + rates.keys).map { $0.uppercased() }.sorted())
            }
            return exact
        }
        return value / (try rate(from)) * (try rate(to))
    }
}
