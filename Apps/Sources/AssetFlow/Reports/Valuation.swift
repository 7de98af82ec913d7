import Foundation
import SwiftData

/// A snapshot's worth in one currency, and how it splits across categories.
public struct Valuation: Sendable, Equatable {
    public struct CategoryShare: Sendable, Equatable {
        /// The category's name; "Uncategorized" for assets without one.
        public var category: String
        public var value: Decimal
        /// Percent of the total, 0 to 100.
        public var percentage: Decimal
        /// The category's target percentage, if it has one.
        public var target: Decimal?
        /// `percentage - target`: positive when over the target.
        public var drift: Decimal? { target.map { percentage - $0 } }
    }

    public var day: String
    public var currency: String
    public var total: Decimal
    /// Categories by value, largest first.
    public var allocation: [CategoryShare]

    public static let uncategorized = "Uncategorized"
}

extension Portfolio {
    /// The snapshot of `day` valued in `currency`.
    ///
    /// Values are summed in SQL, exactly, per category and currency; each subtotal is
    /// then converted with the snapshot's rates, so a snapshot in one currency needs
    /// none. An asset without a currency counts in `currency`.
    public func valuation(on day: Date, in currency: String) throws -> Valuation {
        let currency = try heldOrCurrentCurrency(currency)
        let snapshot = try self.snapshot(on: day)
        let date = snapshot.date
        let categories = try self.categories()
        var shares: [String: Decimal] = [:]
        for currencyCode in try currencies(in: snapshot) {
            for category in categories.map(\.name) + [""] {
                let subtotal = try context.sum(of: \SnapshotAssetValue.marketValue,
                                               where: Self.valuesPredicate(date: date, currency: currencyCode, category: category))
                guard subtotal != 0 || shares[category] == nil else { continue }
                let from = currencyCode.isEmpty ? currency : currencyCode
                shares[category, default: 0] += try convert(subtotal, from: from, to: currency, in: snapshot)
            }
        }
        shares = shares.filter { $0.value != 0 || !$0.key.isEmpty }
        let total = shares.values.reduce(0, +)
        let allocation = shares.map { name, value in
            let category = categories.first { $0.name == name }
            return Valuation.CategoryShare(category: name.isEmpty ? Valuation.uncategorized : name, value: value,
                                           percentage: total == 0 ? 0 : value / total * 100,
                                           target: category?.targetAllocationPercentage)
        }.sorted { ($0.value, $1.category) > ($1.value, $0.category) }
        return Valuation(day: days.format(date), currency: currency, total: total, allocation: allocation)
    }

    /// The currencies of the assets valued in a snapshot.
    func currencies(in snapshot: Snapshot) throws -> Set<String> {
        Set((snapshot.assetValues ?? []).compactMap { $0.asset?.currency })
    }

    /// `value` in `to`, through the snapshot's rates when the currencies differ.
    func convert(_ value: Decimal, from: String, to: String, in snapshot: Snapshot) throws -> Decimal {
        if from.isEmpty || CurrencyCode.held(from) == CurrencyCode.held(to) { return value }
        guard let rates = snapshot.exchangeRate else {
            let base = CurrencyCode.held(to)
            let others = try currencies(in: snapshot).map(CurrencyCode.held).filter { $0 != base }
            throw SnapshotError.noRates(snapshot: days.format(snapshot.date), base: base, others: Set(others).sorted())
        }
        return try rates.convert(value: value, from: from, to: to)
    }
}

extension Portfolio {
    /// The values of one day, in one currency, of one category ("" for none): what a
    /// valuation sums in SQL.
    static func valuesPredicate(date: Date, currency: String, category: String) -> Predicate<SnapshotAssetValue> {
        if category.isEmpty {
            return #Predicate { $0.snapshot?.date == date && $0.asset?.currency == currency && $0.asset?.category == nil }
        }
        return #Predicate { $0.snapshot?.date == date && $0.asset?.currency == currency && $0.asset?.category?.name == category }
    }
}
