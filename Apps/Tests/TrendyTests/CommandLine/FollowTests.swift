import ChildProcessSupport
import Foundation
import Testing

/// `trendy follow`: another process's events appear as they are saved.
@Suite struct FollowTests {
    /// Reads `pipe` until `text` appears. A follower that never writes it is killed after
    /// `seconds`, which ends the read (a read of a pipe waits for data without a limit).
    func read(_ pipe: Pipe, of process: ChildProcess, until text: String, seconds: Double = 120) -> String {
        let pid = process.processIdentifier
        let watchdog = DispatchWorkItem { kill(pid, SIGKILL) }
        DispatchQueue.global().asyncAfter(deadline: .now() + seconds, execute: watchdog)
        defer { watchdog.cancel() }
        var output = ""
        while !output.contains(text) {
            let chunk = pipe.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            output += String(decoding: chunk, as: UTF8.self)
        }
        return output
    }

    @Test func anEventAnotherProcessLogsIsPrintedWhenItIsSaved() throws {
        let tool = try TrendyProcess()
        try tool.ok("types", "add", "Water")
        let following = try tool.start(["follow"])
        defer { kill(following.process.processIdentifier, SIGKILL); following.process.waitUntilExit() }  // follow runs until stopped
        #expect(read(following.output, of: following.process, until: "Ctrl-C stops.").contains("Following"))
        try tool.ok("log", "Water", "--note", "from another process")
        let output = read(following.output, of: following.process, until: "from another process")
        #expect(output.contains("Water  from another process"), "\(output)")
    }

    @Test func withJSONEachEventIsOneObjectOnALine() throws {
        let tool = try TrendyProcess()
        try tool.ok("types", "add", "Water")
        let following = try tool.start(["follow", "--json"])
        defer { kill(following.process.processIdentifier, SIGKILL); following.process.waitUntilExit() }  // follow runs until stopped
        #expect(read(following.errors, of: following.process, until: "Ctrl-C stops.").contains("Following"))
        try tool.ok("log", "Water", "--note", "first")
        try tool.ok("log", "Water", "--note", "second")
        let output = read(following.output, of: following.process, until: "\"second\"")
        let lines = output.split(separator: "\n")
        #expect(lines.count == 2, "\(output)")
        let notes = try lines.map { line in
            try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])["notes"] as? String
        }
        #expect(notes == ["first", "second"])
    }

    @Test func aStoreReplacedWhileItIsFollowedEndsTheFollowInWordsInsteadOfWatchingTheOldFile() throws {
        let tool = try TrendyProcess()
        try tool.ok("types", "add", "Water")
        let following = try tool.start(["follow"])
        defer { kill(following.process.processIdentifier, SIGKILL); following.process.waitUntilExit() }  // follow runs until stopped
        _ = read(following.output, of: following.process, until: "Ctrl-C stops.")
        // Moved aside, as trendy moves a damaged store, and a new store made at the path.
        for suffix in ["", "-wal", "-shm"] where FileManager.default.fileExists(atPath: tool.store + suffix) {
            try FileManager.default.moveItem(atPath: tool.store + suffix, toPath: tool.store + ".aside" + suffix)
        }
        try tool.ok("types", "add", "Tea")
        let errors = read(following.errors, of: following.process, until: "follow again", seconds: 20)
        following.process.waitUntilExit()
        #expect(following.process.terminationReason == .exit && following.process.terminationStatus == 1, "\(errors)")
        #expect(errors.contains("was removed or replaced while it was followed"), "\(errors)")
    }

    @Test func eventsLoggedBeforeFollowingBeganAreNotPrinted() throws {
        let tool = try TrendyProcess()
        try tool.ok("types", "add", "Water")
        try tool.ok("log", "Water", "--note", "before")
        let following = try tool.start(["follow"])
        defer { kill(following.process.processIdentifier, SIGKILL); following.process.waitUntilExit() }  // follow runs until stopped
        _ = read(following.output, of: following.process, until: "Ctrl-C stops.")
        try tool.ok("log", "Water", "--note", "after")
        let output = read(following.output, of: following.process, until: "after")
        #expect(output.contains("after") && !output.contains("before"), "\(output)")
    }
}
