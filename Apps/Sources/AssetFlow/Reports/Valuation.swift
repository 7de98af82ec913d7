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
    public func valuation(on day: Date, in currency: String) throws -> Valuation {
        try valuation(of: snapshot(on: day), in: heldOrCurrentCurrency(currency), categories: categories())
    }

    /// Each of `snapshots` valued in `currency`, in their order: a report's history, read
    /// with the categories fetched once.
    public func valuations(of snapshots: [Snapshot], in currency: String) throws -> [Valuation] {
        let currency = try heldOrCurrentCurrency(currency), categories = try categories()
        return try snapshots.map { try valuation(of: $0, in: currency, categories: categories) }
    }

    /// `snapshot` valued in `currency`, a currency already checked.
    ///
    /// Values are summed exactly, as decimals, per currency and category from the values the
    /// snapshot holds; each subtotal is then converted with the snapshot's rates, so a snapshot
    /// in one currency needs none. An asset without a currency counts in `currency`. Every
    /// category has a share once the snapshot values anything, an empty one at zero.
    func valuation(of snapshot: Snapshot, in currency: String, categories: [Category]) throws -> Valuation {
        var subtotals: [String: [String: Decimal]] = [:]
        for value in snapshot.assetValues ?? [] {
            guard let asset = value.asset else { continue }
            subtotals[asset.currency, default: [:]][asset.category?.name ?? "", default: 0] += value.marketValue
        }
        var shares: [String: Decimal] = [:]
        if !subtotals.isEmpty { for category in categories { shares[category.name] = 0 } }
        for (currencyCode, byCategory) in subtotals.sorted(by: { $0.key < $1.key }) {
            let from = currencyCode.isEmpty ? currency : currencyCode
            for (category, subtotal) in byCategory.sorted(by: { $0.key < $1.key }) {
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
        return Valuation(day: days.format(snapshot.date), currency: currency, total: total, allocation: allocation)
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
