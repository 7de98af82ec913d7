import Foundation
import SwiftData

/// Helpers for Trendy's tests.
enum TrendyStore {
    static func inMemory() throws -> ModelContainer {
        try TrendyContainer.make(isStoredInMemoryOnly: true)
    }

    static func file(_ store: TemporaryStore) throws -> ModelContainer {
        try TrendyContainer.make(url: store.url)
    }

    /// Seconds after an arbitrary instant in 2026.
    static func time(_ seconds: Double) -> Date {
        Date(timeIntervalSinceReferenceDate: 790_000_000 + seconds)
    }
}
