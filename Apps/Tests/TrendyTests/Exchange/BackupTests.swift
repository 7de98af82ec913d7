import Foundation
import SwiftData
import Testing
import Trendy

/// JSON export and import of every type and event: a round trip keeps everything, and
/// a bad file imports nothing.
@Suite struct BackupTests {
    typealias F = Fixtures

    /// A store with two types and three events, one untyped, one all day with an end (kept,
    /// as trendy keeps them, at the start of its dates in UTC).
    static func filled() throws -> ModelContainer {
        let container = try F.inMemory()
        let context = ModelContext(container)
        let water = EventType(name: "Water", colorHex: "#0A84FF", iconName: "drop"), gym = EventType(name: "Gym")
        context.insert(Event(timestamp: F.time(0.5), eventType: water, notes: "glass"))
        context.insert(Event(timestamp: F.utc(2026, 1, 13), eventType: gym, notes: "legs", isAllDay: true, endDate: F.utc(2026, 1, 14), externalID: "uid-9"))
        context.insert(Event(timestamp: F.time(7_200), eventType: nil))
        try context.save()
        return container
    }

    static func rows(_ container: ModelContainer) throws -> [String] {
        try ModelContext(container).fetch(FetchDescriptor<Event>(sortBy: [SortDescriptor(\.timestamp)])).map {
            "\($0.id) \($0.timestamp.timeIntervalSince1970) \($0.eventType?.name ?? "-") \($0.eventType?.colorHex ?? "-") "
                + "\($0.notes ?? "-") \($0.isAllDay) \($0.endDate?.timeIntervalSince1970 ?? -1) \($0.externalID ?? "-")"
        }
    }

    @Test func anExportImportedIntoAnEmptyStoreReproducesEveryTypeAndEvent() throws {
        let source = try Self.filled()
        let data = try BackupExchange.export(from: ModelContext(source))
        let target = try F.inMemory()
        let summary = try BackupExchange.importBackup(data, into: ModelContext(target))
        #expect(summary.eventsAdded == 3)
        #expect(summary.typesAdded == 2)
        #expect(try Self.rows(target) == Self.rows(source))
    }

    @Test func importingTheSameExportTwiceAddsNothingTheSecondTime() throws {
        let data = try BackupExchange.export(from: ModelContext(try Self.filled()))
        let target = try F.inMemory()
        _ = try BackupExchange.importBackup(data, into: ModelContext(target))
        let again = try BackupExchange.importBackup(data, into: ModelContext(target))
        #expect(again.eventsAdded == 0)
        #expect(again.eventsSkipped == 3)
        #expect(try ModelContext(target).fetchCount(FetchDescriptor<Event>()) == 3)
    }

    @Test func aTypeWithTheSameNameIsReusedRatherThanDuplicated() throws {
        let data = try BackupExchange.export(from: ModelContext(try Self.filled()))
        let target = try F.inMemory()
        let context = ModelContext(target)
        context.insert(EventType(name: "water"))
        try context.save()
        let summary = try BackupExchange.importBackup(data, into: context)
        #expect(summary.typesMatched == 1)
        #expect(try ModelContext(target).fetch(FetchDescriptor<EventType>(sortBy: [SortDescriptor(\.name)])).map(\.name) == ["Gym", "water"])
    }

    @Test func anEventWhoseTypeIsMissingFromTheFileRefusesTheWholeImport() throws {
        var backup = try TrendyBackup.decoder().decode(TrendyBackup.self, from: BackupExchange.export(from: ModelContext(try Self.filled())))
        backup.events[2].typeID = UUID()
        let target = try F.inMemory()
        #expect { try BackupExchange.importBackup(try TrendyBackup.encoder().encode(backup), into: ModelContext(target)) } throws: { error in
            "\(error)".contains("event 3 refers to the event type")
        }
        #expect(try ModelContext(target).fetchCount(FetchDescriptor<Event>()) == 0)
        #expect(try ModelContext(target).fetchCount(FetchDescriptor<EventType>()) == 0)
    }

    @Test func aFileThatIsNotJSONIsRefusedInTheUsersWords() throws {
        #expect { try BackupExchange.importBackup(Data("hello".utf8), into: ModelContext(try F.inMemory())) } throws: { error in
            "\(error)".contains("it is not valid JSON at line 1")
        }
    }

    @Test func aFileNestedDeeperThanAnyExportIsSaidToNestTooDeepNotJustInvalid() throws {
        let text = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        #expect(throws: TrendyError.invalidBackup("it is not valid JSON at line 1: objects and arrays nest more than 64 deep")) {
            try BackupExchange.importBackup(Data(text.utf8), into: ModelContext(try F.inMemory()))
        }
    }

    /// Found by the fuzz target `trendy-json` (Fuzz/): the refusal did not say where.
    @Test func aFileThatIsNotJSONNamesTheLineWhereItBreaks() throws {
        let text = "{\n  \"version\": 1,\n  \"eventTypes\": [],\n  \"events\": [}\n}"
        #expect { try BackupExchange.importBackup(Data(text.utf8), into: ModelContext(try F.inMemory())) } throws: { error in
            "\(error)".contains("it is not valid JSON at line 4: ")
        }
    }

    @Test(arguments: ["1.5", "10000000000000000000"])
    func aVersionThatIsNoWholeNumberIsSaidNotToFitNotCalledInvalidJSON(_ version: String) throws {
        let json = #"{"version": "# + version + #", "eventTypes": [], "events": []}"#
        let fits = "a number in it does not fit its field: a whole number (such as the version) is written with a fraction, or is too large"
        #expect(throws: TrendyError.invalidBackup(fits)) {
            try BackupExchange.importBackup(Data(json.utf8), into: ModelContext(try F.inMemory()))
        }
    }

    @Test func aMissingFieldIsNamedWithItsPlace() throws {
        let json = #"{"version": 1, "eventTypes": [], "events": [{"id": "6B7C8D9E-AAAA-4BBB-8CCC-DDDDEEEEFFFF", "isAllDay": false}]}"#
        #expect(throws: TrendyError.invalidBackup("events → item 1 has no \"timestamp\"")) {
            try BackupExchange.importBackup(Data(json.utf8), into: ModelContext(try F.inMemory()))
        }
    }

    @Test(arguments: ["0", "-1"])
    func aVersionNoTrendyWritesIsRefusedNotReadAsTheFirst(_ version: String) throws {
        let json = #"{"version": "# + version + #", "eventTypes": [], "events": []}"#
        #expect(throws: TrendyError.invalidBackup("its version is \(version), which no Trendy writes (an export's version is 1); "
                                                  + "export the events again with `trendy export`")) {
            try BackupExchange.importBackup(Data(json.utf8), into: ModelContext(try F.inMemory()))
        }
    }

    @Test func aFileFromANewerVersionIsRefused() throws {
        let json = #"{"version": 7, "eventTypes": [], "events": []}"#
        #expect { try BackupExchange.importBackup(Data(json.utf8), into: ModelContext(try F.inMemory())) } throws: { error in
            "\(error)".contains("newer Trendy")
        }
    }
}
