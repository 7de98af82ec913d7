import CommandLineTestSupport
import Foundation
import Testing

/// The second hostile pass over trendy: what an import, a calendar file or an argument
/// got round, and the conventions trendy now shares with the other tools.
@Suite("trendy under the second hostile pass")
struct HostilePassTwoTests {
    struct TypeRow: Decodable { let name: String; let events: Int }

    /// A JSON export holding `types` (name, id) and one event of the first type.
    static func backup(_ types: [(String, UUID)], at timestamp: String = "2026-03-02T08:00:00.000Z") -> String {
        let typeRecords = types.map { "{\"id\":\"\($0.1)\",\"name\":\"\($0.0)\",\"colorHex\":\"#007AFF\",\"iconName\":\"circle\"}" }
        let event = "{\"id\":\"\(UUID())\",\"timestamp\":\"\(timestamp)\",\"typeID\":\"\(types[0].1)\",\"isAllDay\":false}"
        return "{\"version\":1,\"eventTypes\":[\(typeRecords.joined(separator: ","))],\"events\":[\(event)]}"
    }

    @Test func anImportedTypeNamedLikeAnExistingOneIgnoringCaseAndSpacesIsMergedIntoIt() throws {
        let tool = try TrendyProcess()
        try tool.ok("types", "add", "Coffee")
        try Self.backup([(" COFFEE ", UUID())]).write(toFile: tool.file("b.json"), atomically: true, encoding: .utf8)
        let imported = try tool.ok("import", tool.file("b.json"))
        #expect(imported.contains("Imported 1 event and 0 types"), "\(imported)")
        let types = try tool.json([TypeRow].self, "types", "list")
        #expect(types.map(\.name) == ["Coffee"])
        #expect(types.first?.events == 1)
        try tool.ok("types", "rename", "coffee", "Tea")
        #expect(try tool.json([TypeRow].self, "types", "list").map(\.name) == ["Tea"])
    }

    @Test func anImportedTypeNameIsTrimmedAsTypesAddTrimsIt() throws {
        let tool = try TrendyProcess()
        try Self.backup([("  Tea  ", UUID())]).write(toFile: tool.file("b.json"), atomically: true, encoding: .utf8)
        try tool.ok("import", tool.file("b.json"))
        #expect(try tool.json([TypeRow].self, "types", "list").map(\.name) == ["Tea"])
        try tool.ok("types", "rename", "tea", "Green tea")
    }

    @Test func twoImportedTypesNamedAlikeIgnoringCaseAndSpacesAreRefusedByName() throws {
        let tool = try TrendyProcess()
        try Self.backup([("Coffee", UUID()), (" COFFEE ", UUID())])
            .write(toFile: tool.file("b.json"), atomically: true, encoding: .utf8)
        let output = try tool.run("import", tool.file("b.json"))
        #expect(output.status != 0)
        #expect(output.stderr.contains("\"Coffee\" and \" COFFEE \" have the same name"), "\(output.stderr)")
    }

    @Test func theHour24IsRefusedInAnImportAsInLogAt() throws {
        let tool = try TrendyProcess()
        try Self.backup([("Water", UUID())], at: "2026-01-01T24:00:00.000Z")
            .write(toFile: tool.file("b.json"), atomically: true, encoding: .utf8)
        let output = try tool.run("import", tool.file("b.json"))
        #expect(output.status != 0)
        #expect(output.stderr.contains("2026-01-01T24:00:00.000Z"), "\(output.stderr)")
        #expect(output.stderr.contains("00:00 to 23:59"), "\(output.stderr)")
        try tool.ok("types", "add", "Water")
        let typed = try tool.run("log", "Water", "--at", "2026-01-01 24:00")
        #expect(typed.status != 0)
        #expect(typed.stderr.contains("not a real date and time"), "\(typed.stderr)")
    }
}
