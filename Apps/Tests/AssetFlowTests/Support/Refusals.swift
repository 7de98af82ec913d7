import CommandLineTestSupport
import Foundation
import Testing

/// That assetflow refuses `arguments` on `tool`'s store with `words`, changing nothing.
func expectRefused(_ tool: AssetFlowProcess, _ arguments: [String], says words: String) throws {
    let assetflow = ToolProcess("assetflow", environment: ["XDG_DATA_HOME": tool.directory.path, "TZ": "UTC"])
    let input = BadInput(words, arguments, says: words)
    #expect(try Refusal.problems(running: assetflow, arguments + ["--store", tool.store], for: input, store: tool.store) == [])
}
