import AssetFlow
import Foundation
import SwiftData

/// A portfolio on an in-memory store, in UTC, so that days are the same everywhere.
func makePortfolio() throws -> Portfolio {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = TimeZone(identifier: "UTC")!
    return Portfolio(context: ModelContext(try AssetFlowStore.inMemoryContainer()), calendar: calendar)
}

func dec(_ text: String) -> Decimal { Decimal(string: text, locale: Locale(identifier: "en_US_POSIX"))! }

extension Portfolio {
    func day(_ text: String) -> Date { (try? days.parse(text)) ?? Date.distantPast }
}
