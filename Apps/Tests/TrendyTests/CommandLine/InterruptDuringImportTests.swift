import Foundation
import Testing

/// Ctrl-C during an import: the program says that nothing of the import was saved, and
/// ends as an interrupted program does (130). The mechanism is `CommandLineSupport`'s
/// `Interruption`, which every tool's import uses.
@Suite struct InterruptDuringImportTests {
    /// The signal is sent when the import says "Saving": it may come before the save
    /// begins ("nothing of it was saved") or once it has (the store holds all or none, which
    /// the program cannot know); both are true of a store left without the import.
    static func saysWhatTheStoreHolds(_ errors: String) -> Bool {
        errors.contains("The import was interrupted: nothing of it was saved, and the store is as it was before.")
            || errors.contains("The import was interrupted while it was being saved: the store holds all of it or none of it")
    }

    @Test func anInterruptedImportSaysNothingWasSavedAndExits130() throws {
        let tool = try TrendyProcess()
        try KillDuringImportTests.calendar().write(toFile: tool.file("bulk.ics"), atomically: true, encoding: .utf8)
        try tool.ok("types", "add", "Water")
        let running = try tool.start(["import-ics", tool.file("bulk.ics"), "--default-type", "Water",
                                      "--from", "2026-01-01", "--to", "2027-12-31"])
        // The progress bar's "Saving": the import is under way, its save begun.
        var errors = ""
        while !errors.contains("Saving") {
            let chunk = running.errors.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            errors += String(decoding: chunk, as: UTF8.self)
        }
        kill(running.process.processIdentifier, SIGINT)
        running.process.waitUntilExit()
        errors += String(decoding: running.errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(running.process.terminationReason == .exit)
        #expect(running.process.terminationStatus == 130)
        #expect(Self.saysWhatTheStoreHolds(errors), "\(errors)")
        #expect(try KillDuringImportTests.storedCount(tool) == 0)
    }

    @Test func aTerminatedImportSaysNothingWasSavedAndExits143() throws {
        let tool = try TrendyProcess()
        try KillDuringImportTests.calendar().write(toFile: tool.file("bulk.ics"), atomically: true, encoding: .utf8)
        try tool.ok("types", "add", "Water")
        let running = try tool.start(["import-ics", tool.file("bulk.ics"), "--default-type", "Water",
                                      "--from", "2026-01-01", "--to", "2027-12-31"])
        var errors = ""
        while !errors.contains("Saving") {
            let chunk = running.errors.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            errors += String(decoding: chunk, as: UTF8.self)
        }
        kill(running.process.processIdentifier, SIGTERM)
        running.process.waitUntilExit()
        errors += String(decoding: running.errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(running.process.terminationReason == .exit)
        #expect(running.process.terminationStatus == 143)
        #expect(Self.saysWhatTheStoreHolds(errors), "\(errors)")
        #expect(try KillDuringImportTests.storedCount(tool) == 0)
    }
}
