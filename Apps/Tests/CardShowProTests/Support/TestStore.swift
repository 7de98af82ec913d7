import Foundation
import OpenSwiftData
@testable import CardShowPro

/// A fresh in-memory store and a context on it.
func makeContext() throws -> ModelContext {
    ModelContext(try CardShowStore.inMemoryContainer())
}

/// A directory that is deleted when the value goes away.
final class TemporaryDirectory {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("CardShowProTests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    func file(_ name: String) -> URL { url.appendingPathComponent(name) }

    deinit { try? FileManager.default.removeItem(at: url) }
}

/// 2026-01-13T12:00:00Z, and days around it, so that date logic does not depend on
/// when the tests run.
let referenceDate = Date(timeIntervalSince1970: 1_768_305_600)

func day(_ offset: Double, from date: Date = referenceDate) -> Date {
    date.addingTimeInterval(offset * 86_400)
}

func hours(_ offset: Double, from date: Date = referenceDate) -> Date {
    date.addingTimeInterval(offset * 3_600)
}

/// A valid card with the given value and cost.
func card(_ name: String = "Charizard", set: String = "Base Set", number: String = "4/102", value: Double = 100,
          cost: Double? = nil, variant: String = "Holo", acquired: Date = referenceDate) -> InventoryCard {
    InventoryCard(name: name, setName: set, cardNumber: number, variant: variant, marketValue: value,
                  purchaseCost: cost, acquiredDate: acquired)
}

/// Every card in the store, as a fresh context sees it.
func storedCards(_ container: ModelContainer) throws -> [InventoryCard] {
    try ModelContext(container).fetch(FetchDescriptor<InventoryCard>())
}

/// Strings that break naive CSV and JSON writers.
let hostileStrings = [
    "Pikachu, Jr.",
    "\"Dark\" Charizard",
    "Line one\nline two",
    "CR\rLF\r\nmix",
    "  padded  ",
    "Pokémon — ポケモン 🃏",
    "\",\"\n\",",
    "=cmd|' /C calc'!A0",
    "trailing quote\"",
    "back\\slash and \t tab",
]
