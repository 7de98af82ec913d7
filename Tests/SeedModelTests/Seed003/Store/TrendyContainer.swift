import SwiftData
import Foundation

// The seed's container setup (trendyApp.swift), as a function so that tests can choose
// where the store lives; the schema, configuration and initialiser are the seed's.
enum TrendyContainer {
    static func make(isStoredInMemoryOnly: Bool = false, url: URL? = nil) throws -> ModelContainer {
        let schema = Schema([
            Event.self,
            EventType.self
        ])
        let modelConfiguration = if let url {
            ModelConfiguration(schema: schema, url: url)
        } else {
            ModelConfiguration(
                schema: schema,
                isStoredInMemoryOnly: isStoredInMemoryOnly
            )
        }
        return try ModelContainer(
            for: schema,
            configurations: [modelConfiguration]
        )
    }
}
