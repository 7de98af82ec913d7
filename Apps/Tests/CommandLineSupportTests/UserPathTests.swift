import CommandLineTestSupport
@testable import CommandLineSupport
import Foundation
import Testing

/// A `~` in a path the user gives is the home `$HOME` names, the one the default stores are under.
@Suite struct UserPathTests {
    @Test func aTildeAloneAndATildeSlashAreTheHomeHOMENames() {
        let environment = ["HOME": "/tmp/elsewhere"]
        #expect(UserPath.expanded("~", environment: environment) == "/tmp/elsewhere")
        #expect(UserPath.expanded("~/x.store", environment: environment) == "/tmp/elsewhere/x.store")
        #expect(UserPath.expanded("~/x.store", environment: ["HOME": "/tmp/elsewhere/"]) == "/tmp/elsewhere/x.store")
        #expect(UserPath.expanded("~/x.store", environment: ["HOME": "/"]) == "/x.store")
        #expect(UserPath.expanded("a/~/b", environment: environment) == "a/~/b")
        #expect(UserPath.expanded("~x", environment: environment).hasPrefix("/tmp/elsewhere") == false)
    }

    @Test(arguments: AllToolsConventionTests.tools) func aTildeInTheStorePathIsUnderTheHomeHOMENames(_ tool: String) throws {
        let folder = try AllToolsConventionTests.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let process = ToolProcess(tool, environment: ["HOME": folder, "XDG_DATA_HOME": nil, "TZ": "UTC"])
        // In single quotes, so that the tool sees the `~`, as it does in `--store=~/s.store`.
        let output = try process.runShell(AllToolsConventionTests.storing("Name", tool: tool, folder: "~"))
        if tool == "getdiced" {
            // getdiced makes its database only from a catalog (`init`); the refusal names where it looked.
            #expect(output.stderr.contains("No Get Diced database at \(folder)/s.store"), "\(output.stderr)")
        } else {
            #expect(output.status == 0, "\(tool): \(output.stderr)")
            #expect(FileManager.default.fileExists(atPath: folder + "/s.store"), "\(tool): \(output.stdout) \(output.stderr)")
        }
    }

    @Test(arguments: ["cardshow export --format json", "trendy export", "coupontracker export"])
    func aTildeInTheOutputPathIsUnderTheHomeHOMENames(_ command: String) throws {
        let folder = try AllToolsConventionTests.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let words = command.split(separator: " ").map(String.init)
        let process = ToolProcess(words[0], environment: ["HOME": folder, "XDG_DATA_HOME": nil, "TZ": "UTC"])
        let stored = try process.runShell(AllToolsConventionTests.storing("Name", tool: words[0], folder: folder))
        #expect(stored.status == 0, "\(command): \(stored.stderr)")
        let output = try process.run(Array(words.dropFirst()) + ["--output=~/out.json", "--store", folder + "/s.store"])
        #expect(output.status == 0, "\(command): \(output.stderr)")
        #expect(FileManager.default.fileExists(atPath: folder + "/out.json"), "\(command): \(output.stdout) \(output.stderr)")
    }
}
