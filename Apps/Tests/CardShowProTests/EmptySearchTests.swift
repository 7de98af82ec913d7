import CommandLineTestSupport
import Foundation
import Testing

/// An empty search text: every name contains it, yet a name search finds none, so
/// "No cards match." would tell a dealer with cards that there are none.
@Suite("cardshow empty search")
struct EmptySearchTests {
    let home: TemporaryDirectory
    let tool: ToolProcess
    var store: String { home.file("cards.store").path }

    init() throws {
        home = try TemporaryDirectory()
        tool = ToolProcess("cardshow", environment: ["XDG_DATA_HOME": home.url.path, "TZ": "UTC"])
    }

    @Test func anEmptySearchTextIsRefusedNotAnsweredWithNoCards() throws {
        let added = try tool.run(["card", "add", "--name", "Pikachu", "--set", "Jungle", "--number", "60/64", "--value", "12", "--store", store])
        #expect(added.status == 0, "\(added.stderr)")
        for arguments in [["card", "search", ""], ["card", "list", "--search", ""]] {
            let refused = try tool.run(arguments + ["--store", store])
            #expect(refused.status == 64, "\(arguments): \(refused.stderr)")
            #expect(refused.stderr.contains("is empty: give the text the names contain"), "\(arguments): \(refused.stderr)")
            #expect(!refused.stdout.contains("No cards match"), "\(arguments): \(refused.stdout)")
        }
    }

    @Test func aSearchTextFindsTheCardsWhoseNamesContainIt() throws {
        let added = try tool.run(["card", "add", "--name", "Pikachu", "--set", "Jungle", "--number", "60/64", "--value", "12", "--store", store])
        #expect(added.status == 0, "\(added.stderr)")
        let found = try tool.run(["card", "search", "kach", "--store", store])
        #expect(found.status == 0, "\(found.stderr)")
        #expect(found.stdout.contains("Pikachu"), "\(found.stdout)")
    }
}
