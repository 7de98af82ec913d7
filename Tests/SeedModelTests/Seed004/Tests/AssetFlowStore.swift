import Foundation
import SwiftData

/// Helpers for AssetFlow's tests.
enum AssetFlowStore {
    static func inMemory() throws -> ModelContainer {
        try ModelContainer(for: Schema(versionedSchema: AssetFlowSchemaV1.self),
                           configurations: ModelConfiguration(isStoredInMemoryOnly: true))
    }

    static func file(_ store: TemporaryStore) throws -> ModelContainer {
        try ModelContainer(for: Schema(versionedSchema: AssetFlowSchemaV1.self),
                           configurations: ModelConfiguration(url: store.url))
    }

    /// A time on a day of January 2026 in the current calendar, as snapshots see days.
    static func date(day: Int, hour: Int = 0, minute: Int = 0) -> Date {
        Calendar.current.date(from: DateComponents(year: 2026, month: 1, day: day, hour: hour, minute: minute))!
    }

    static func decimal(_ text: String) -> Decimal {
        Decimal(string: text, locale: Locale(identifier: "en_US_POSIX"))!
    }

    static func ratesJSON(_ rates: [String: Double]) -> Data {
        try! JSONEncoder().encode(rates)
    }
}
