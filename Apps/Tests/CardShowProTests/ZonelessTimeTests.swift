import CommandLineTestSupport
import Foundation
import Testing

/// A time written without a zone is on the dealer's clock when typed, and refused in an
/// import (whose clock it is on no file says); never moved to midnight UTC.
@Suite struct ZonelessTimeTests {
    static func folder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("ZonelessTimeTests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    @Test func aTimeTypedWithoutAZoneIsReadInTheDealersZone() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        var tool = CardShowProcess(dataHome: folder)
        tool.environment = ["TZ": "Asia/Tokyo"]
        let store = folder.appendingPathComponent("s.store").path, file = folder.appendingPathComponent("cards.json").path
        for arguments in [["card", "add", "--name", "A", "--set", "S", "--number", "1", "--acquired", "2026-01-13T17:30"],
                          ["export", "--format", "json", "--output", file]] {
            let output = try tool.run(arguments + ["--store", store])
            #expect(output.status == 0, "\(arguments): \(output.stderr)")
        }
        #expect(try String(contentsOfFile: file, encoding: .utf8).contains("\"2026-01-13T08:30:00Z\""))
    }

    @Test func aTimeTheClocksShowTwiceIsRefusedNamingBothReadings() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        var tool = CardShowProcess(dataHome: folder)
        tool.environment = ["TZ": "America/New_York"]
        let store = folder.appendingPathComponent("s.store").path
        let output = try tool.run(["card", "add", "--name", "A", "--set", "S", "--number", "1", "--acquired", "2025-11-02 01:30",
                                   "--store", store])
        #expect(output.status != 0)
        #expect(output.stderr.contains("'2025-11-02 01:30' happened twice in America/New_York"), "\(output.stderr)")
        #expect(output.stderr.contains("'2025-11-02 01:30 -04:00' for the first"), "\(output.stderr)")
        let chosen = try tool.run(["card", "add", "--name", "A", "--set", "S", "--number", "1", "--acquired", "2025-11-02 01:30 -05:00",
                                   "--store", store])
        #expect(chosen.status == 0, "\(chosen.stderr)")
    }

    @Test func aTimeWithoutAZoneInAnImportIsRefusedAskingForItsZone() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let tool = CardShowProcess(dataHome: folder)
        let store = folder.appendingPathComponent("s.store").path, file = folder.appendingPathComponent("cards.json").path
        let card = #"{"name": "A", "setName": "S", "cardNumber": "1", "variant": "Normal", "condition": "NM", "marketValue": 1, "acquiredDate": "2026-01-13T17:30"}"#
        try #"{"exportDate": "2026-03-01T00:00:00Z", "version": "1.0", "cards": [\#(card)]}"#.write(toFile: file, atomically: true, encoding: .utf8)
        let output = try tool.run(["import", file, "--store", store])
        #expect(output.status != 0)
        #expect(output.stderr.contains("a time needs its zone"), "\(output.stderr)")
    }
}
