import AssetFlow
import Foundation
import FuzzSupport
import OpenSwiftData

/// AssetFlow's snapshot CSV (`assetflow snapshot import DAY FILE`): parsed, then imported
/// into an in-memory portfolio.
final class SnapshotCSVTarget: FuzzTarget {
    static let name = "assetflow-csv"
    var container: ModelContainer
    var changed = false
    let calendar: Calendar
    let day: Date

    init() throws {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? calendar.timeZone
        self.calendar = calendar
        day = Date(timeIntervalSince1970: 1_767_225_600)
        container = try AssetFlowStore.inMemoryContainer()
    }

    func run(_ data: Data) throws {
        // The tool refuses a file that is not UTF-8 before parsing.
        guard let text = String(data: data, encoding: .utf8) else { return }
        if changed {
            container = try AssetFlowStore.inMemoryContainer()
            changed = false
        }
        do {
            let rows = try SnapshotCSV.parse(text)
            _ = try Portfolio(context: ModelContext(container), calendar: calendar).importValues(rows, on: day)
            changed = true
        } catch {
            try ErrorCheck.judge(error) { message in
                ErrorCheck.namesLineOrField(message) || message.contains("header") || message.contains("empty")
            }
        }
    }
}
