import Foundation
import OpenSwiftData
import Testing
@testable import CardShowPro

@Suite("Import progress")
struct ImportProgressTests {
    /// What the progress handler saw, and what the store held when it saw the total.
    final class Observation {
        var steps: [(done: Int, total: Int)] = []
        var cardsStoredAtTheTotal: Int?
    }

    @Test func progressReachesTheTotalOnlyAfterTheSave() throws {
        let source = try makeContext()
        try InventoryService(context: source).add((1...40).map { number in
            InventoryCard(name: "Card \(number)", setName: "Set", cardNumber: "\(number)",
                          condition: .nearMint, marketValue: 1, purchaseCost: nil, acquiredDate: day(0))
        })
        let csv = try InventoryExchange(context: source).export(format: .csv)

        let target = try makeContext()
        let seen = Observation()
        _ = try InventoryExchange(context: target).importData(csv, format: .csv) { done, total in
            seen.steps.append((done, total))
            // A second context reads the store, so it counts only what was saved.
            if done == total { seen.cardsStoredAtTheTotal = try? storedCards(target.container).count }
        }
        #expect(seen.steps.filter { $0.done == $0.total }.count == 1)
        #expect(seen.steps.last.map { $0.done == $0.total } == true)
        #expect(zip(seen.steps, seen.steps.dropFirst()).allSatisfy { $0.done <= $1.done })
        #expect(seen.cardsStoredAtTheTotal == 40)
    }
}
