import CommandLineSupport
import Foundation
import Testing

/// An export's file is never the store it was read from.
@Suite struct OutputFileTests {
    func inFolder(_ body: (String) throws -> Void) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("OutputFileTests-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try body(folder)
    }

    @Test func anExportOntoTheStoreItsLogOrALinkToItIsRefusedAndTheStoreIsKept() throws {
        try inFolder { folder in
            let store = folder + "/t.store"
            try Data("store".utf8).write(to: URL(fileURLWithPath: store))
            try Data("log".utf8).write(to: URL(fileURLWithPath: store + "-wal"))
            try FileManager.default.createSymbolicLink(atPath: folder + "/link", withDestinationPath: store)
            try FileManager.default.linkItem(atPath: store, toPath: folder + "/hard")
            for output in [store, store + "-wal", store + "-shm", folder + "/link", folder + "/hard", folder + "/../"
                           + (folder as NSString).lastPathComponent + "/t.store"] {
                let error = #expect(throws: OutputFileError.self) { try OutputFile.save(Data("{}".utf8), to: output, sparing: store) }
                #expect(error.map { "\($0)" }?.contains("would replace the store") == true, "\(output): \(String(describing: error))")
            }
            #expect(FileManager.default.contents(atPath: store) == Data("store".utf8))
            #expect(FileManager.default.contents(atPath: store + "-wal") == Data("log".utf8))
            #expect(!FileManager.default.fileExists(atPath: store + "-shm"))
        }
    }

    @Test func anExportBesideTheStoreIsWritten() throws {
        try inFolder { folder in
            let store = folder + "/t.store"
            try Data("store".utf8).write(to: URL(fileURLWithPath: store))
            try OutputFile.save(Data("{}".utf8), to: folder + "/t.json", sparing: store)
            #expect(FileManager.default.contents(atPath: folder + "/t.json") == Data("{}".utf8))
        }
    }

    @Test func anExportOntoTheStoresLogIsCalledTheStoresLog() throws {
        try inFolder { folder in
            let store = folder + "/t.store"
            try Data("store".utf8).write(to: URL(fileURLWithPath: store))
            let error = #expect(throws: OutputFileError.self) { try OutputFile.save(Data("{}".utf8), to: store + "-wal", sparing: store) }
            #expect(error.map { "\($0)" }?.contains("t.store-wal is the store's -wal file: writing there would replace the store") == true,
                    "\(String(describing: error))")
        }
    }
}
