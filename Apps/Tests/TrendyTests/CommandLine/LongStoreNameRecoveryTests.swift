import CommandLineTestSupport
import Foundation
import Testing

/// A store named before trendy refused names too long to be moved aside when damaged
/// (`NAME.damaged-20261204T200000Z-wal` longer than a file name may be) is still moved
/// aside once damaged, under a shorter name.
@Suite struct LongStoreNameRecoveryTests {
    @Test func aDamagedStoreWhoseNameIsTooLongToTakeTheDamagedSuffixIsMovedAsideUnderAShorterName() throws {
        let tool = try TrendyProcess()
        let half = try tool.damageByCuttingInHalf()
        // 240 bytes: its -wal fits, not `NAME.damaged-20261204T200000Z-wal`, 29 bytes longer.
        let long = tool.file(String(repeating: "a", count: 234) + ".store")
        try FileManager.default.moveItem(atPath: tool.store, toPath: long)
        let trendy = ToolProcess("trendy", environment: ["XDG_DATA_HOME": tool.directory.path, "TZ": "UTC"])
        let output = try trendy.run(["types", "add", "Tea", "--store", long])
        // Before: "… is damaged and could not be moved aside (…); nothing was changed. Move it away yourself, then try again."
        #expect(output.status == 0, "\(output.stderr)")
        #expect(output.stderr.contains("It was moved, not deleted, to"), "\(output.stderr)")
        #expect(output.stderr.contains("under a shorter name: the store's whole name with .damaged- and the time added would be "
                                       + "longer than a file name may be there"), "\(output.stderr)")
        let moved = try FileManager.default.contentsOfDirectory(atPath: tool.directory.path).filter { $0.contains(".damaged-") }
        #expect(moved.count == 1, "\(moved)")
        #expect(moved.allSatisfy { $0.hasPrefix("aaaa") && $0.utf8.count + "-wal".utf8.count <= 255 }, "\(moved)")
        #expect(moved.first.flatMap { FileManager.default.contents(atPath: tool.file($0)) } == half)
    }
}
