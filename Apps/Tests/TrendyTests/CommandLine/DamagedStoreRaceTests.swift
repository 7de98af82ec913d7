import CommandLineTestSupport
import Foundation
import Testing

/// Four trendy processes meeting one damaged store at the same moment: it is moved
/// aside once, and each process's change is in the one new store at the path, never in
/// a new store another moved aside as damaged.
@Suite struct DamagedStoreRaceTests {
    @Test func processesMeetingOneDamagedStoreMoveItAsideOnceAndKeepEachChange() async throws {
        let tool = try TrendyProcess()
        let trendy = ToolProcess("trendy", environment: ["XDG_DATA_HOME": tool.directory.path, "TZ": "UTC"])
        for round in 0..<3 {
            let store = tool.file("round\(round).store")
            #expect(try trendy.run(["demo", "--store", store]).status == 0)
            _ = try trendy.run(["types", "list", "--store", store])
            // Cut in half: the header says more pages than the file has.
            for suffix in ["-wal", "-shm"] { try? FileManager.default.removeItem(atPath: store + suffix) }
            let size = try #require(try FileManager.default.attributesOfItem(atPath: store)[.size] as? Int)
            let handle = try #require(FileHandle(forWritingAtPath: store))
            try handle.truncate(atOffset: UInt64(size / 2))
            try handle.close()
            let names = (1...4).map { "New\($0)" }
            let outputs = try await withThrowingTaskGroup(of: (String, ToolProcess.Output).self) { group in
                for name in names { group.addTask { (name, try trendy.run(["types", "add", name, "--store", store])) } }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            let listed = try trendy.run(["types", "list", "--store", store]).stdout
            for (name, output) in outputs where output.status == 0 {
                #expect(listed.contains(name), "round \(round): \(name) was added but is not in the store: \(listed)")
            }
            let movedAside = try FileManager.default.contentsOfDirectory(atPath: tool.directory.path)
                .filter { $0.hasPrefix("round\(round).store.damaged-") && !$0.hasSuffix("-wal") && !$0.hasSuffix("-shm") }
            #expect(movedAside.count == 1, "round \(round): \(movedAside)")
        }
    }
}
