import CommandLineTestSupport
import Foundation
import Testing

/// An event's id is the 8 characters `trendy list` shows, or more: a shorter start named
/// whichever event happened to be the only match, and `delete` deleted it.
@Suite struct ShortIDTests {
    struct EventRow: Decodable { let id: String }

    @Test func anEventIsNotDeletedByAnIdStartShorterThanTheEightCharactersListShows() throws {
        let tool = try TrendyProcess()
        try tool.ok("types", "add", "Water")
        try tool.ok("log", "Water")
        let id = try #require(try tool.json([EventRow].self, "list").first?.id)
        let refused = try tool.run("delete", String(id.prefix(1)).lowercased())
        // Before: "Deleted the event …", by the first character of its id.
        #expect(refused.status != 0, "\(refused.stdout)")
        #expect(refused.stderr.contains("is too short to name an event: give at least the first 8 characters of its id"), "\(refused.stderr)")
        #expect(try tool.json([EventRow].self, "list").map(\.id) == [id])
        try tool.ok("delete", String(id.prefix(8)).lowercased())
        #expect(try tool.json([EventRow].self, "list").isEmpty)
    }
}
