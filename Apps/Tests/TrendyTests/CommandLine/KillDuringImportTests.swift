import Foundation
import SwiftData
import Testing
import Trendy

/// A process killed in the middle of a 10,000-event calendar import leaves none or all
/// of that batch, never part of it: the import is one save, one SQLite transaction.
@Suite(.serialized) struct KillDuringImportTests {
    static let size = 10_000

    /// 10,000 events, one an hour from 2026-01-01 00:00 UTC.
    static func calendar() -> String {
        var lines = ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Trendy Tests//EN"]
        lines.reserveCapacity(size * 6 + 4)
        let start = Fixtures.utc(2026, 1, 1)
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = Fixtures.utc
        formatter.dateFormat = "yyyyMMdd'T'HHmmss'Z'"
        for index in 0..<size {
            lines += ["BEGIN:VEVENT", "UID:bulk-\(index)@trendy.test", "DTSTART:\(formatter.string(from: start.addingTimeInterval(Double(index) * 3_600)))",
                      "SUMMARY:Sip \(index)", "END:VEVENT"]
        }
        return (lines + ["END:VCALENDAR"]).joined(separator: "\r\n") + "\r\n"
    }

    static func storedCount(_ tool: TrendyProcess) throws -> Int {
        let container = try TrendyStore.container(at: URL(fileURLWithPath: tool.store))
        return try ModelContext(container).fetchCount(FetchDescriptor<Event>())
    }

    @Test func aProcessKilledDuringTheSaveLeavesNoneOrAllOfTheBatch() throws {
        let tool = try TrendyProcess()
        try Self.calendar().write(toFile: tool.file("bulk.ics"), atomically: true, encoding: .utf8)
        try tool.ok("types", "add", "Water")
        var counts: [Int] = []
        // Kills at several moments after the import announced its save: at once, and later into it.
        for delay: UInt32 in [0, 20_000, 150_000] {
            let running = try tool.start(["import-ics", tool.file("bulk.ics"), "--default-type", "Water",
                                          "--from", "2026-01-01", "--to", "2027-12-31"])
            var errors = ""
            while !errors.contains("Saving") {
                let chunk = running.errors.fileHandleForReading.availableData
                if chunk.isEmpty { break }
                errors += String(decoding: chunk, as: UTF8.self)
            }
            #expect(errors.contains("Saving"), "the import never reached its save: \(errors)")
            usleep(delay)
            kill(running.process.processIdentifier, SIGKILL)
            running.process.waitUntilExit()
            let count = try Self.storedCount(tool)
            #expect(count == 0 || count == Self.size, "after a kill \(delay / 1_000) ms into the save the store holds \(count) events")
            counts.append(count)
        }
        // And the same import left to finish writes the whole batch, once.
        try tool.ok("import-ics", tool.file("bulk.ics"), "--default-type", "Water", "--from", "2026-01-01", "--to", "2027-12-31")
        #expect(try Self.storedCount(tool) == Self.size)
        print("KillDuringImportTests: after kills the store held \(counts) events; the finished import \(Self.size)")
    }
}
