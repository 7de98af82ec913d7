import SwiftData
import Foundation

/// The exchange rates that apply on a snapshot's date.
@Model
final class ExchangeRate {
    /// Lowercase currency code, "usd".
    var baseCurrency: String
    /// JSON of `[String: Double]`: units of each (lowercase) currency per one base unit.
    var ratesJSON: Data
    var fetchDate: Date
    /// The rates came from a fallback source.
    var isFallback: Bool

    var snapshot: Snapshot?

    init(baseCurrency: String, ratesJSON: Data, fetchDate: Date, isFallback: Bool = false) {
        self.baseCurrency = baseCurrency.lowercased()
        self.ratesJSON = ratesJSON
        self.fetchDate = fetchDate
        self.isFallback = isFallback
    }

    /// The decoded rates; empty when `ratesJSON` is not valid.
    var rates: [String: Double] {
        (try? JSONDecoder().decode([String: Double].self, from: ratesJSON)) ?? [:]
    }

    /// Converts through the base currency: `value / rates[from] * rates[to]`, the base
    /// itself counting as 1. Nil when either currency has no rate.
    func convert(value: Decimal, from: String, to: String) -> Decimal? {
        let from = from.lowercased(), to = to.lowercased()
        if from == to { return value }
        let rates = self.rates
        func rate(_ currency: String) -> Decimal? {
            if currency == baseCurrency { return 1 }
            // Through the shortest decimal text of the Double, so that 32.5 is exactly 32.5.
            return rates[currency].flatMap { Decimal(string: "\($0)", locale: Locale(identifier: "en_US_POSIX")) }
        }
        guard let fromRate = rate(from), let toRate = rate(to), fromRate != 0 else { return nil }
        return value / fromRate * toRate
    }
}
