import CommandLineTestSupport
import Foundation
import Testing

/// That coupontracker refuses `arguments` on `tool`'s store with `words`, changing nothing.
func expectRefused(_ tool: CouponTrackerProcess, _ arguments: [String], says words: String) throws {
    let coupontracker = ToolProcess("coupontracker", environment: ["XDG_DATA_HOME": tool.directory.path, "TZ": "UTC"])
    let input = BadInput(words, arguments, says: words)
    #expect(try Refusal.problems(running: coupontracker, arguments + ["--store", tool.store], for: input, store: tool.store) == [])
}

/// The wallet's export with `change` applied to its first card, written to a file of the test's folder
/// (replacing the one an earlier call wrote).
func editedExport(of tool: CouponTrackerProcess, _ change: (inout [String: Any]) -> Void) throws -> String {
    let file = tool.directory.appendingPathComponent("export.json").path
    try tool.ok("export", "--output", file, "--force", "--now", "2026-03-03T08:00")
    var root = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: file))) as? [String: Any])
    var cards = try #require(root["cards"] as? [[String: Any]])
    change(&cards[0])
    root["cards"] = cards
    try JSONSerialization.data(withJSONObject: root).write(to: URL(fileURLWithPath: file))
    return file
}
