import Foundation
import OpenSwiftData
import Testing

/// SQLite opens no store whose path is longer than 504 bytes: a longer one failed as a file
/// it "cannot open", guessing at a link loop, with the folders made for it left behind.
@Suite struct LongStorePathTests {
    let top = FileManager.default.temporaryDirectory.appendingPathComponent("LongStorePathTests-\(UUID().uuidString)")

    /// A store path of exactly `length` bytes below `top`, through folders of 100 characters.
    func path(ofLength length: Int) -> URL {
        var folder = top
        while length - folder.path.utf8.count > 101 { folder.appendPathComponent(String(repeating: "d", count: 100)) }
        return folder.appendingPathComponent(String(repeating: "s", count: length - folder.path.utf8.count - 1))
    }

    @Test func aStorePathOfTheLongestLengthOpens() throws {
        defer { try? FileManager.default.removeItem(at: top) }
        let store = path(ofLength: 504)
        let context = ModelContext(try ModelContainer(for: Schema([Tag.self]), configurations: [ModelConfiguration(url: store)]))
        context.insert(Tag(label: "a"))
        try context.save()
    }

    @Test func aLongerStorePathIsRefusedNamingTheLimitAndMakesNoFolder() throws {
        defer { try? FileManager.default.removeItem(at: top) }
        let store = path(ofLength: 505)
        #expect {
            _ = try ModelContainer(for: Schema([Tag.self]), configurations: [ModelConfiguration(url: store)])
        } throws: { error in
            "\(error)".contains("its path is 505 bytes long, and SQLite opens none longer than 504")
        }
        #expect(!FileManager.default.fileExists(atPath: top.path))
    }
}
