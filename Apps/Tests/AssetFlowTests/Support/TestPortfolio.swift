import AssetFlow
import Foundation
import SwiftData

/// A portfolio on an in-memory store.
func makePortfolio() throws -> Portfolio {
    Portfolio(context: ModelContext(try AssetFlowStore.inMemoryContainer()))
}

func dec(_ text: String) -> Decimal { Decimal(string: text, locale: Locale(identifier: "en_US_POSIX"))! }

extension Portfolio {
    func day(_ text: String) -> Date { (try? days.parse(text)) ?? Date.distantPast }
}
