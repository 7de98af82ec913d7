import CommandLineTestSupport
import Foundation
import Testing

/// Runs the built `cardshow` executable, as a dealer's shell or script would.
struct CardShowProcess {
    typealias Output = ToolProcess.Output

    /// The executable beside the test bundle (`swift build --build-tests` builds both).
    static var executable: URL? { ToolProcess("cardshow").executable }

    /// A home of its own, so that the default store is a fresh one.
    let dataHome: URL

    init(dataHome: URL) {
        self.dataHome = dataHome
    }

    /// Environment variables set for every run, beside XDG_DATA_HOME.
    var environment: [String: String] = [:]

    /// Runs cardshow; `standardOutput` replaces the captured pipe (a file such as /dev/full).
    @discardableResult
    func run(_ arguments: [String], standardOutput: FileHandle? = nil) throws -> Output {
        var variables: [String: String?] = ["XDG_DATA_HOME": dataHome.path]
        for (name, value) in environment { variables[name] = .some(value) }
        return try ToolProcess("cardshow", environment: variables).run(arguments, standardOutput: standardOutput)
    }

    /// Adds a card named `name` (`card add --json`) and returns its ID.
    func addCard(_ name: String, set: String = "S", number: String = "1") throws -> String {
        let added = try run(["card", "add", "--name", name, "--set", set, "--number", number, "--json"])
        #expect(added.status == 0, "\(added.stderr)")
        let card = try JSONSerialization.jsonObject(with: Data(added.stdout.utf8)) as? [String: Any]
        return try #require(card?["id"] as? String)
    }
}
