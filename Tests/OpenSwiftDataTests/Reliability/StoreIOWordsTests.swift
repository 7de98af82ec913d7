import Foundation
@_spi(Tools) import OpenSwiftData
import Testing

/// The words for a path the system refused come from the nearest part of the path that
/// exists, for any path a program may give, relative ones included.
@Suite struct StoreIOWordsTests {
    // Foundation's `deletingLastPathComponent` stops the process on Linux for "x".
    @Test func aRelativePathOfOneCharacterThatDoesNotExistHasNoReasonAndNoTrap() {
        #expect(!FileManager.default.fileExists(atPath: "x"))
        #expect(StoreIOWords.reason(seenAt: "x") == nil)
        #expect(StoreIOWords.reason(seenAt: "x/y.store") == nil)
    }

    @Test func aFileWhereAFolderShouldBeIsNamed() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("osd-words-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("f")
        try Data("x".utf8).write(to: file)
        #expect(StoreIOWords.reason(seenAt: file.path + "/sub/y.store") == "a part of its path is a file, not a folder")
    }
}
