import Foundation
import OpenSwiftData
import Testing

/// `storeIdentifier` read through `any HistoryToken`, as a `HistoryObserver`'s tokens
/// and a custom store's save result hold them.
@Suite struct HistoryTokenStoreIdentifierTests {
    /// A token of a type of the program's own, which names no store.
    private struct CounterToken: HistoryToken {
        var count: Int
        var tokenValue: Int? { count }
        var id: Int { count }
        static func < (lhs: Self, rhs: Self) -> Bool { lhs.count < rhs.count }
    }

    @Test("a saved transaction's token names the store through any HistoryToken")
    func savedTokenNamesItsStore() throws {
        let history = try HistoryStore()
        let context = history.context()
        context.insert(HistoryNote(title: "a"))
        try context.save()
        let transaction = try #require(try history.history().last)
        let token: any HistoryToken = transaction.token
        #expect(token.storeIdentifier == transaction.storeIdentifier)
        #expect(history.container.configurationName(forStoreIdentifier: token.storeIdentifier) != nil)
    }

    @Test("a token of another type names no store")
    func otherTokenNamesNone() {
        let token: any HistoryToken = CounterToken(count: 3)
        #expect(token.storeIdentifier == "")
    }
}
