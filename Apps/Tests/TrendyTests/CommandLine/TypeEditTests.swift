import CommandLineTestSupport
import Foundation
import Testing

/// `trendy types edit`: a type's name, colour or icon changed, its events kept. Before it, a
/// colour could not be changed but by deleting the type, which left its events without one.
@Suite struct TypeEditTests {
    struct TypeRow: Decodable, Equatable { let name: String; let color: String; let icon: String; let events: Int }

    @Test func aTypesColourAndIconChangeAndItKeepsItsEvents() throws {
        let tool = try TrendyProcess()
        try tool.ok("types", "add", "Water")
        try tool.ok("log", "Water")
        let output = try tool.run("types", "edit", "water", "--color", "ff8800", "--icon", "drop")
        #expect(output.status == 0, "\(output.stderr)")
        #expect(output.stdout.contains("Changed the event type Water (#FF8800, drop)."), "\(output.stdout)")
        #expect(try tool.json([TypeRow].self, "types", "list") == [TypeRow(name: "Water", color: "#FF8800", icon: "drop", events: 1)])
    }

    @Test func aColourThatIsNotRRGGBBIsRefusedAndTheTypeUnchanged() throws {
        let tool = try TrendyProcess()
        try tool.ok("types", "add", "Water", "--color", "#007AFF")
        let refused = try tool.run("types", "edit", "Water", "--color", "blue")
        #expect(refused.status != 0, "\(refused.stdout)")
        #expect(refused.stderr.contains("blue"), "\(refused.stderr)")
        #expect(try tool.json([TypeRow].self, "types", "list").map(\.color) == ["#007AFF"])
    }

    @Test func anEditWithNothingToChangeIsRefusedNamingWhatItTakes() throws {
        let tool = try TrendyProcess()
        try tool.ok("types", "add", "Water")
        let refused = try tool.run("types", "edit", "Water")
        #expect(refused.status != 0, "\(refused.stdout)")
        #expect(refused.stderr.contains("Give what to change: --name, --color, --icon or --new-id."), "\(refused.stderr)")
    }

    @Test func aNewNameAnotherTypeHasIsRefused() throws {
        let tool = try TrendyProcess()
        try tool.ok("types", "add", "Water")
        try tool.ok("types", "add", "Tea")
        let refused = try tool.run("types", "edit", "Tea", "--name", "WATER")
        #expect(refused.status != 0, "\(refused.stdout)")
        #expect(refused.stderr.contains("There is already an event type named"), "\(refused.stderr)")
        #expect(try tool.json([TypeRow].self, "types", "list").map(\.name) == ["Tea", "Water"])
    }

    @Test func aNewNameAnotherTypeHasIsRefusedNamingThatTypeAsItIsStored() throws {
        let tool = try TrendyProcess()
        try tool.ok("types", "add", "Coffee")
        try tool.ok("types", "add", "Water")
        let refused = try tool.run("types", "edit", "Water", "--name", "coffee")
        #expect(refused.stderr.contains("There is already an event type named \"Coffee\""), "\(refused.stderr)")
    }
}
