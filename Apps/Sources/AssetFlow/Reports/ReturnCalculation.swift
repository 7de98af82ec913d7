import Foundation

/// The return of the portfolio between two snapshots, net of the money put in or
/// taken out, by the Modified Dietz method:
///
///     R = (V1 − V0 − F) / (V0 + Σ wᵢ·Fᵢ),   wᵢ = (T − tᵢ) / T
///
/// V0 and V1 are the values of the first and last snapshot, F the sum of the cash
/// flows Fᵢ in between, T the days between the two snapshots and tᵢ the days from the
/// first snapshot to flow i. A cash flow is recorded with the snapshot that follows
/// it, so it counts from that snapshot's day: the flows of the first snapshot are
/// before the period and left out, those of the last one have weight 0.
public struct PeriodReturn: Sendable, Equatable {
    public var from: String
    public var to: String
    public var currency: String
    public var startValue: Decimal
    public var endValue: Decimal
    /// F: the net cash flow in the period.
    public var netCashFlow: Decimal
    /// V1 − V0 − F.
    public var gain: Decimal
    /// R as a fraction (0.05 is 5%); nil when the denominator is not positive.
    public var rate: Decimal?
}

extension Portfolio {
    /// The Modified Dietz return between the first and the last snapshot of `from...to`
    /// (every snapshot when nil), valued in `currency`.
    public func periodReturn(from start: Date? = nil, to end: Date? = nil, in currency: String) throws -> PeriodReturn {
        let currency = try heldOrCurrentCurrency(currency)
        let inRange = try snapshots().filter { snapshot in
            (start.map { days.day(of: snapshot.date) >= days.calendar.startOfDay(for: $0) } ?? true)
                && (end.map { days.day(of: snapshot.date) <= days.calendar.startOfDay(for: $0) } ?? true)
        }
        guard let first = inRange.first, let last = inRange.last, first !== last else { throw SnapshotError.notEnoughSnapshots }
        return try periodReturn(of: inRange, startValue: valuation(on: first.date, in: currency).total,
                                endValue: valuation(on: last.date, in: currency).total, in: currency)
    }

    /// The Modified Dietz return across `snapshots` (at least two, oldest first), whose first
    /// and last are worth `startValue` and `endValue` in `currency`, a currency already checked:
    /// for a caller that has valued them already.
    public func periodReturn(of snapshots: [Snapshot], startValue: Decimal, endValue: Decimal, in currency: String) throws -> PeriodReturn {
        guard let first = snapshots.first, let last = snapshots.last, first !== last else { throw SnapshotError.notEnoughSnapshots }
        let period = Decimal(days.days(from: first.date, to: last.date))
        var net: Decimal = 0, weighted: Decimal = 0
        for snapshot in snapshots.dropFirst() {
            let weight = (period - Decimal(days.days(from: first.date, to: snapshot.date))) / period
            for flow in snapshot.cashFlowOperations ?? [] {
                let amount = try convert(flow.amount, from: flow.currency, to: currency, in: snapshot)
                net += amount
                weighted += weight * amount
            }
        }
        let gain = endValue - startValue - net
        let denominator = startValue + weighted
        return PeriodReturn(from: days.format(first.date), to: days.format(last.date), currency: currency,
                            startValue: startValue, endValue: endValue, netCashFlow: net, gain: gain,
                            rate: denominator > 0 ? gain / denominator : nil)
    }

    /// Each snapshot's total in `currency`, oldest first: the portfolio's value over time.
    public func history(in currency: String) throws -> [(day: String, total: Decimal)] {
        try valuations(of: snapshots(), in: currency).map { ($0.day, $0.total) }
    }
}
