import AssetFlow
import Foundation
import FuzzChecks
import OpenSwiftData

/// AssetFlow's snapshot CSV (`assetflow snapshot import DAY FILE`): parsed, then imported
/// into an in-memory portfolio.
public final class SnapshotCSVTarget: FuzzTarget {
    public static let name = "assetflow-csv"
    var container: ModelContainer
    var changed = false
    let calendar: Calendar
    let day: Date

    public init() throws {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? calendar.timeZone
        self.calendar = calendar
        day = Date(timeIntervalSince1970: 1_767_225_600)
        container = try Self.store(calendar: calendar, day: day)
    }

    /// A portfolio with the snapshot the import fills (the tool refuses a day without
    /// one) and an asset the rows can meet.
    static func store(calendar: Calendar, day: Date) throws -> ModelContainer {
        let container = try AssetFlowStore.inMemoryContainer()
        let portfolio = Portfolio(context: ModelContext(container))
        _ = try portfolio.addAsset(named: "World ETF", platform: "Broker", currency: "USD")
        _ = try portfolio.createSnapshot(on: day, createdAt: day)
        return container
    }

    public func run(_ data: Data) throws {
        // The tool refuses a file that is not UTF-8 before parsing.
        guard let text = String(data: data, encoding: .utf8) else { return }
        if changed {
            container = try Self.store(calendar: calendar, day: day)
            changed = false
        }
        do {
            let rows = try SnapshotCSV.parse(text)
            _ = try Portfolio(context: ModelContext(container)).importValues(rows, on: day)
            changed = true
        } catch {
            try ErrorCheck.judge(error) { message in
                ErrorCheck.namesLineOrField(message) || message.contains("first line") || message.contains("empty")
            }
        }
    }
}
