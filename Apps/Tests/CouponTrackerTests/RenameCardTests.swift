import CommandLineTestSupport
import Foundation
import Testing

/// `coupontracker rename`: a card's nickname, or a custom card's name.
@Suite struct RenameCardTests {
    /// A name and a nickname given together, the nickname refused: the name was saved before
    /// the nickname was checked, where the command said nothing was changed.
    @Test func aRenameWhoseNicknameIsRefusedChangesNotTheName() throws {
        let tool = try CouponTrackerProcess()
        defer { tool.remove() }
        try tool.ok("add", "--custom", "Costco", "--now", "2026-03-15")
        let renamed = try tool.run("rename", "Costco", "--name", "Sam's Club", "--nickname", "Bulk\nbuying", "--now", "2026-03-15")
        #expect(renamed.status == 1)
        #expect(renamed.stderr.contains("Nothing was changed."), "\(renamed.stderr)")
        #expect(try tool.ok("cards", "--now", "2026-03-15").contains("Costco"))
    }
}
