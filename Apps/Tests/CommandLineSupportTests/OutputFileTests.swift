@testable import CommandLineSupport
import CommandLineTestSupport
import Foundation
import Testing

/// An export's file is never the store it was read from, nor a file it was not told to replace.
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

    @Test func aOneCharacterFileNameInTheCurrentFolderIsWrittenNotATrap() throws {
        try inFolder { folder in
            // Run in the folder, with one-character names as the user types them there.
            var trendy = ToolProcess("trendy", environment: ["XDG_DATA_HOME": folder, "HOME": folder])
            trendy.currentDirectory = URL(fileURLWithPath: folder)
            func run(_ arguments: [String]) throws -> (status: Int32, errors: String) {
                let output = try trendy.run(arguments)
                return (output.status, output.stderr)
            }
            #expect(try run(["types", "add", "Water", "--store", "s"]).status == 0)
            let exported = try run(["export", "--output", "a", "--store", "s"])
            #expect(exported.status == 0, "\(exported.errors)")
            #expect(FileManager.default.fileExists(atPath: folder + "/a"))
        }
    }

    @Test func anOutputInAFolderThatDoesNotExistNamesTheMissingFolderNotTheSystemsWords() throws {
        try inFolder { folder in
            let error = #expect(throws: OutputFileError.self) { try OutputFile.save(Data("{}".utf8), to: folder + "/nope/x.json") }
            let words = error.map { "\($0)" } ?? ""
            #expect(words.contains("there is no folder \(folder)/nope: create it first"), "\(words)")
            #expect(!words.contains("No such file"), "\(words)")
            #expect(!FileManager.default.fileExists(atPath: folder + "/nope"))
        }
    }

    @Test func anOutputWhoseNameIsLongButAFileNameIsWrittenNotRefusedAsTooLong() throws {
        try inFolder { folder in
            let path = folder + "/" + String(repeating: "e", count: 236) + ".json"
            // Before: "a name in its path is too long" (its temporary file, .NAME.UUID.tmp, was 42 bytes longer).
            try OutputFile.save(Data("{}".utf8), to: path)
            #expect(FileManager.default.contents(atPath: path) == Data("{}".utf8))
            #expect(try FileManager.default.contentsOfDirectory(atPath: folder).count == 1)
        }
    }

    @Test func anOutputThroughSymbolicLinksThatLoopIsRefusedAndTheLinksAreKept() throws {
        try inFolder { folder in
            try FileManager.default.createSymbolicLink(atPath: folder + "/one", withDestinationPath: "two")
            try FileManager.default.createSymbolicLink(atPath: folder + "/two", withDestinationPath: "one")
            let error = #expect(throws: OutputFileError.self) { try OutputFile.save(Data("{}".utf8), to: folder + "/one") }
            #expect(error.map { "\($0)" }?.contains("go round in a loop") == true, "\(String(describing: error))")
            #expect(try FileManager.default.destinationOfSymbolicLink(atPath: folder + "/two") == "one")
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

    /// The step after `save`'s check that nothing is at the output and its writing of the
    /// temporary file: a file made at the output in between, by another program, is there.
    func publishingAfterAFileWasMade(_ folder: String, _ publish: (String, String) throws -> Void) throws {
        let temporary = folder + "/.out.json.tmp", output = folder + "/out.json"
        try Data("export".utf8).write(to: URL(fileURLWithPath: temporary))
        try Data("theirs".utf8).write(to: URL(fileURLWithPath: output))
        let error = #expect(throws: OutputFileError.self) { try publish(temporary, output) }
        #expect(error.map { "\($0)" } == "\(output) already exists, so nothing was written: pass --force to replace it, or name another file.")
        #expect(FileManager.default.contents(atPath: output) == Data("theirs".utf8))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["out.json"])
    }

    @Test func aFileMadeAtTheOutputAfterTheCheckIsKeptWithoutForce() throws {
        try inFolder { folder in
            try publishingAfterAFileWasMade(folder) { try OutputFile.publish($0, as: $1, named: $1, replacing: false) }
        }
    }

    @Test func whereNoSecondNameCanBeMadeAFileMadeAtTheOutputAfterTheCheckIsStillKept() throws {
        try inFolder { folder in
            try publishingAfterAFileWasMade(folder) { try OutputFile.publish($0, as: $1, named: $1, replacing: false, linking: false) }
        }
    }
}
