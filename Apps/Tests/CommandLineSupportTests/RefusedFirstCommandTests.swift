import CommandLineTestSupport
import Foundation
import Testing

/// A command refused on a store path where there is no store leaves no store there: what it
/// was given is checked before a store is made, and a command that needs something already
/// in a store (a type, a category, a snapshot, a contact) does not make one.
@Suite struct RefusedFirstCommandTests {
    static let commands: [[String]] = [
        ["cardshow", "import", "FILE.csv"],
        ["cardshow", "import", "FILE.json"],
        ["cardshow", "card", "add", "--name", "X", "--set", "S", "--number", "1", "--value", "-5"],
        ["cardshow", "contact", "add", "--name", " "],
        ["cardshow", "event", "create", "--name", " ", "--location", "Hall"],
        ["cardshow", "want", "add", "--contact", "Ann", "--card", "X"],
        ["assetflow", "import", "2026-01-01", "FILE.csv"],
        ["assetflow", "category", "add", " "],
        ["assetflow", "asset", "add", "X", "--currency", "USD", "--category", "Funds"],
        ["assetflow", "snapshot", "create", "2026-02-30"],
        ["assetflow", "snapshot", "cashflow", "2026-01-01", "--description", "Pay", "--amount", "5"],
        ["trendy", "types", "add", " "],
        ["trendy", "types", "add", "Tea", "--color", "red"],
        ["trendy", "log", "Tea"],
        ["trendy", "delete", "5F0B1C2D"],
        ["trendy", "types", "rename", "Tea", "Coffee"],
        ["coupontracker", "add", "--template", "nope"],
    ]

    @Test(arguments: commands)
    func aRefusedFirstCommandLeavesNoStoreBehind(_ command: [String]) throws {
        let folder = try AllToolsConventionTests.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        // A CSV file with a header and no rows, and a JSON file that is no export.
        try Data("name,set,number,market value\n".utf8).write(to: URL(fileURLWithPath: folder + "/FILE.csv"))
        try Data("{}".utf8).write(to: URL(fileURLWithPath: folder + "/FILE.json"))
        if command[0] == "assetflow" {
            try Data("asset,platform,currency,value\nA,,USD,1\n".utf8).write(to: URL(fileURLWithPath: folder + "/FILE.csv"))
        }
        let store = folder + "/new.store"
        let process = ToolProcess(command[0], environment: ["XDG_DATA_HOME": folder, "HOME": folder, "TZ": "UTC"])
        let output = try process.run(command.dropFirst().map { $0.hasPrefix("FILE") ? folder + "/" + $0 : $0 } + ["--store", store])
        #expect(output.status != 0, "\(command): \(output.stdout)")
        #expect(!FileManager.default.fileExists(atPath: store), "\(command): \(output.stderr)")
        #expect(!output.stderr.contains("SQL") && !output.stderr.contains("Error Domain"), "\(output.stderr)")
    }
}
