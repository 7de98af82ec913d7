import Foundation
@testable import OpenSwiftData
import Testing

/// The range of transactions the store reads for a history predicate: comparisons
/// of `token` narrow it; anything it cannot read leaves it open (the predicate
/// itself still decides).
@Suite struct HistoryBoundsTests {
    let five = DefaultHistoryToken(storeIdentifier: "store", transaction: 5)
    let nine = DefaultHistoryToken(storeIdentifier: "store", transaction: 9)

    @Test("token > t reads from the transaction after t")
    func greaterThan() {
        let five = five
        let bounds = HistoryBounds(#Predicate<DefaultHistoryTransaction> { $0.token > five })
        #expect(bounds.lower == 6 && bounds.upper == nil)
    }

    @Test("t < token, written the other way round, narrows the same")
    func reversed() {
        let five = five
        let bounds = HistoryBounds(#Predicate<DefaultHistoryTransaction> { five < $0.token })
        #expect(bounds.lower == 6 && bounds.upper == nil)
    }

    @Test("both sides of an && narrow the range")
    func conjunction() {
        let five = five, nine = nine
        let bounds = HistoryBounds(#Predicate<DefaultHistoryTransaction> { $0.token >= five && $0.token < nine })
        #expect(bounds.lower == 5 && bounds.upper == 8)
    }

    @Test("an || leaves the range open")
    func disjunction() {
        let five = five, nine = nine
        let bounds = HistoryBounds(#Predicate<DefaultHistoryTransaction> { $0.token < five || $0.token > nine })
        #expect(bounds.lower == nil && bounds.upper == nil)
    }

    @Test("a predicate on the author leaves the range open")
    func otherProperty() {
        let bounds = HistoryBounds(#Predicate<DefaultHistoryTransaction> { $0.author == "app" })
        #expect(bounds.lower == nil && bounds.upper == nil)
    }
}
