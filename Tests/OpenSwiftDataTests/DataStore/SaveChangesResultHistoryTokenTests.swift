import Foundation
@testable import OpenSwiftData
import Testing

/// `DataStoreSaveChangesResult` carries the history token a store gives it.
@Suite struct SaveChangesResultHistoryTokenTests {
    @Test func aResultKeepsTheHistoryTokenItWasGiven() throws {
        let token = DefaultHistoryToken(storeIdentifier: "records", transaction: 7)
        let result = DataStoreSaveChangesResult<DefaultSnapshot>(for: "records", historyToken: token)
        let kept = try #require(result.historyToken as? DefaultHistoryToken)
        #expect(kept == token)
        #expect(kept.storeIdentifier == "records")
    }

    @Test func aResultMadeWithoutATokenHasNone() {
        let result = DataStoreSaveChangesResult<DefaultSnapshot>(for: "records")
        #expect(result.historyToken == nil)
    }
}
