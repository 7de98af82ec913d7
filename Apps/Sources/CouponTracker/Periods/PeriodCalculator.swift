import Foundation

/// The periods of a benefit's frequency, in a user's time zone.
///
/// A period starts at the beginning of day `resetDayOfMonth` (1 when nil: the seed's
/// "calendar period start") of its first month, and runs to the moment the next period
/// starts. Monthly periods start every month, quarterly ones in January, April, July and
/// October, semi-annual ones in January and July, annual ones in January. A reset day
/// that a month lacks (31 in April, 29 to 31 in February) falls on that month's last
/// day. Days are the time zone's wall-clock days, so a period that spans a daylight
/// saving change is an hour shorter or longer, never shifted.
public struct PeriodCalculator: Sendable {
    /// Gregorian, in the user's time zone: issuers count benefit periods in Gregorian months.
    public let calendar: Calendar

    public init(calendar: Calendar) {
        var gregorian = Calendar(identifier: .gregorian)
        gregorian.timeZone = calendar.timeZone
        gregorian.locale = calendar.locale
        self.calendar = gregorian
    }

    /// The period that contains `moment`.
    public func period(containing moment: Date, frequency: BenefitFrequency, resetDayOfMonth: Int?) throws -> BenefitPeriod {
        let step = 12 / frequency.periodsPerYear
        let day = min(max(resetDayOfMonth ?? 1, 1), 31)
        let parts = calendar.dateComponents([.year, .month], from: moment)
        guard let year = parts.year, let month = parts.month else { throw PeriodError.outOfRange(moment) }
        let monthIndex = year * 12 + (month - 1)
        // Floor division, so that the anchors stay aligned for any year.
        var first = monthIndex - ((monthIndex % step) + step) % step
        var start = try self.start(monthIndex: first, day: day)
        if moment < start {
            first -= step
            start = try self.start(monthIndex: first, day: day)
        }
        let next = try self.start(monthIndex: first + step, day: day)
        return BenefitPeriod(start: start, end: next.addingTimeInterval(-1), nextReset: next)
    }

    /// The period after `period`.
    public func period(after period: BenefitPeriod, frequency: BenefitFrequency, resetDayOfMonth: Int?) throws -> BenefitPeriod {
        try self.period(containing: period.nextReset, frequency: frequency, resetDayOfMonth: resetDayOfMonth)
    }

    /// The months (1-12) in which periods of `frequency` start.
    public static func startMonths(of frequency: BenefitFrequency) -> Set<Int> {
        let step = 12 / frequency.periodsPerYear
        return Set(stride(from: 1, through: 12, by: step))
    }

    /// The month (1-12) in which the period that begins at `start` begins.
    public func month(of start: Date) -> Int {
        calendar.component(.month, from: start)
    }

    /// The first moment of day `day` (or the month's last day) of month `monthIndex`
    /// (year × 12 + month − 1). Noon is asked for first: noon exists on every day,
    /// while some time zones skip midnight on the day daylight saving starts.
    private func start(monthIndex: Int, day: Int) throws -> Date {
        let year = monthIndex >= 0 ? monthIndex / 12 : (monthIndex - 11) / 12
        let month = monthIndex - year * 12 + 1
        guard let firstOfMonth = calendar.date(from: DateComponents(year: year, month: month, day: 1, hour: 12)),
              let days = calendar.range(of: .day, in: .month, for: firstOfMonth),
              let noon = calendar.date(from: DateComponents(year: year, month: month, day: min(day, days.count), hour: 12))
        else { throw PeriodError.outOfRange(nil) }
        return calendar.startOfDay(for: noon)
    }
}
