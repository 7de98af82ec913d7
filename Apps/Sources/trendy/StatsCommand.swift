import ArgumentParser
import CommandLineSupport
import Foundation
import Trendy

extension StatisticsPeriod: ExpressibleByArgument {}

struct StatsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "stats", abstract: "Counts per type per day, week or month, streaks and the time of day, with charts.")
    @Option(help: "day, week or month.") var period: StatisticsPeriod = .day
    @Option(help: ArgumentHelp("From this day (default: 30 days, 12 weeks or 12 months ago).", valueName: "day")) var from: String?
    @Option(help: ArgumentHelp("Up to this day, included (default: today).", valueName: "day")) var to: String?
    @OptionGroup var json: JSONOption
    @OptionGroup var store: StoreOptions

    struct Row: Encodable {
        let type: String, total: Int, counts: [Int], currentStreak: Int, longestStreak: Int, hours: [Int]
    }

    struct Output: Encodable { let period: String, from: String, to: String, bucketStarts: [String], types: [Row] }

    func run() throws {
        try onMain {
            let input = TimeInput.current
            let upper = try to.map { try input.parseDay($0, endOfRange: true) }
                ?? input.calendar.date(byAdding: .day, value: 1, to: input.calendar.startOfDay(for: input.now)) ?? input.now
            let back: (Calendar.Component, Int) = switch period {
            case .day: (.day, -30)
            case .week: (.weekOfYear, -12)
            case .month: (.month, -12)
            }
            let lower = try from.map { try input.parseDay($0, endOfRange: false) } ?? input.calendar.date(byAdding: back.0, value: back.1, to: upper) ?? upper
            guard lower < upper else { throw TrendyError.invalidRange }
            let events = try store.open(writing: false)
            let report = try StatisticsReport.compute(in: events.modelContext, range: DateInterval(start: lower, end: upper),
                                                      period: period, calendar: input.calendar, now: input.now)
            if json.enabled {
                let formatter = ISO8601DateFormatter()
                return try printJSON(Output(
                    period: period.rawValue, from: formatter.string(from: lower), to: formatter.string(from: upper),
                    bucketStarts: report.bucketStarts.map(formatter.string),
                    types: report.types.map { Row(type: $0.name, total: $0.total, counts: $0.counts, currentStreak: $0.currentStreak,
                                                  longestStreak: $0.longestStreak, hours: $0.hours) }))
            }
            guard !report.types.isEmpty else { return print("No event types yet: add one with `trendy types add NAME`, or run `trendy demo`.") }
            var table = Table("TYPE", "TOTAL", "TREND", "STREAK", "BEST", rightAligned: [1, 3, 4])
            // A trend wider than its column shows runs of periods, not the first of them alone.
            let runs = report.types.map { TerminalChart.grouped($0.counts, into: table.maxWidth) }
            let size = runs.first?.size ?? 1
            let marks = size == 1 ? "" : " (the trend: a mark per \(size) \(period.rawValue)s, the newest on the right)"
            print("Events per \(period.rawValue), \(input.show(lower, allDay: true)) to \(input.show(upper.addingTimeInterval(-1), allDay: true))\(marks):\n")
            for (type, run) in zip(report.types, runs) {
                table.add(type.name, "\(type.total)", TerminalChart.sparkline(run.sums), "\(type.currentStreak)d", "\(type.longestStreak)d")
            }
            print(table.render())
            let hours = report.types.reduce(into: Array(repeating: 0, count: 24)) { sum, type in
                for (hour, count) in type.hours.enumerated() { sum[hour] += count }
            }
            // From the first hour with an event to the last: the night's empty rows say nothing.
            if let first = hours.firstIndex(where: { $0 > 0 }), let last = hours.lastIndex(where: { $0 > 0 }) {
                print("\nTime of day (all types):")
                print(TerminalChart.bars((first...last).map { (String(format: "%02d:00", $0), hours[$0]) }, width: 30))
            }
        }
    }
}
