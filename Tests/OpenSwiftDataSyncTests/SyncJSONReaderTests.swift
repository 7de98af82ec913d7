import Foundation
import Testing
@testable import OpenSwiftDataSync

/// The sync protocol's JSON read by hand (`SyncJSONReader`): what it takes it reads as
/// `JSONDecoder` does, and what it does not know it leaves to `JSONDecoder` (nil).
@Suite struct SyncJSONReaderTests {
    let node = UUID(uuidString: "4F1C2B3A-0000-4000-8000-00000000000A")!
    let other = UUID(uuidString: "4F1C2B3A-0000-4000-8000-00000000000B")!
    let syncID = UUID(uuidString: "11111111-2222-4333-8444-555555555555")!

    var moment: HLCTimestamp { HLCTimestamp(milliseconds: 7, counter: 3, node: node) }

    func change(_ value: SyncValue) -> SyncChange {
        SyncChange(entityName: "Card", syncID: syncID, kind: .insert, values: ["value": SyncStampedValue(value, at: moment)])
    }

    @Test("a change of every kind of value the writer wrote is read back as itself", arguments: [
        SyncValue.null, .integer(.min), .integer(.max), .real(-0.0), .real(0.1), .real(.greatestFiniteMagnitude), .real(.leastNonzeroMagnitude),
        .text(""), .text(#"say "hi" C:\cards"#), .text("line\nbreak\t\u{0}\u{1F}"), .text("Pokémon ポケモン 🃏"), .bytes(Data([0, 1, 255])),
        .reference(UUID()), .references([]), .references([UUID(), UUID()]),
    ])
    func writtenChangeIsReadBack(_ value: SyncValue) throws {
        let read = SyncChange(wireJSON: try change(value).wireJSON())
        #expect(read == change(value))
        if case .real(let number) = value, case .real(let readNumber)? = read?.values["value"]?.value {
            #expect(readNumber.bitPattern == number.bitPattern)
        }
    }

    @Test("a property's value as the server keeps it is read back as itself, and JSONEncoder's as JSONDecoder reads it",
          arguments: [SyncValue.null, .integer(3), .real(2.5), .text("a/b"), .bytes(Data([1])), .reference(UUID()), .references([UUID()])])
    func propertyValueIsReadBack(_ value: SyncValue) throws {
        #expect(SyncValue(wireJSON: try value.wireJSON()) == value)
        #expect(try SyncValue.read(JSONEncoder().encode(value)) == value)
    }

    @Test("a delete, a merge and values written at other moments are read back as themselves")
    func otherKindsAreReadBack() throws {
        let changes = [
            SyncChange(entityName: "Card", syncID: syncID, kind: .delete, deletedAt: moment),
            SyncChange(entityName: "Tag", syncID: syncID, kind: .merge, mergedInto: UUID()),
            SyncChange(entityName: "Tag", syncID: syncID, kind: .insert,
                       values: ["name": SyncStampedValue(.text("red"), at: moment),
                                "color": SyncStampedValue(.integer(2), at: HLCTimestamp(milliseconds: 6, counter: 0, node: other))],
                       uniqueKeys: ["name=red"]),
        ]
        for change in changes { #expect(SyncChange(wireJSON: try change.wireJSON()) == change) }
    }

    @Test("a batch and a page the writer wrote are read back as themselves")
    func batchAndPageAreReadBack() throws {
        let changes = [change(.text("a")), change(.integer(1))]
        let batch = SyncUploadBatch(account: "alice", device: node, schemaVersion: "1.0.0", changes: changes)
        #expect(SyncUploadBatch(wireJSON: try batch.wireJSON()) == batch)
        for page in [SyncDownloadPage(changes: changes, cursor: 42, hasMore: true),
                     SyncDownloadPage(changes: [], cursor: 0, hasMore: false, isFullDownload: true,
                                      fullDownload: SyncFullDownloadPosition(through: 9, sent: 500), deviceUploads: 3)] {
            #expect(SyncDownloadPage(wireJSON: try page.wireJSON()) == page)
        }
    }

    @Test("JSONEncoder's text, keys in any order, slashes escaped and space between, is read as JSONDecoder reads it")
    func jsonEncodersTextIsRead() throws {
        let batch = SyncUploadBatch(account: "a/b", device: node, schemaVersion: "1.0.0",
                                    changes: [change(.text("https://example.com/\u{1F}é")), change(.real(2.5))])
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted]
        let text = try encoder.encode(batch)
        #expect(SyncUploadBatch(wireJSON: text) == batch)
    }

    @Test("text it does not know is left to JSONDecoder", arguments: [
        #"{"entityName":"Card","syncID":"11111111-2222-4333-8444-555555555555","kind":"delete"}"#,
        #"{"entity":"Card","id":"11111111-2222-4333-8444-555555555555","kind":"insert","values":{"v":{"value":{"t":"a"},"clock":"7-3-4F1C2B3A-0000-4000-8000-00000000000A"}}}"#,
        #"{"entity":"Card","entity":"Tag","id":"11111111-2222-4333-8444-555555555555","kind":"delete"}"#,
        #"{"entity":"Card","id":"11111111-2222-4333-8444-555555555555","kind":"delete","extra":1}"#,
        #"{"at":"7-3-4F1C2B3A-0000-4000-8000-00000000000A","entity":"Card","id":"11111111-2222-4333-8444-555555555555","kind":"insert","values":{"v":{"i":1},"v":{"i":2}}}"#,
        #"{"entity":"Card","id":"11111111-2222-4333-8444-555555555555","kind":"delete","mergedInto":null}"#,
        #"{"at":"7-3-4F1C2B3A-0000-4000-8000-00000000000A","entity":"Card","id":"11111111-2222-4333-8444-555555555555","kind":"insert","values":{"v":{"i":1,"t":"a"}}}"#,
        #"{"at":"7-3-4F1C2B3A-0000-4000-8000-00000000000A","entity":"Card","id":"11111111-2222-4333-8444-555555555555","kind":"insert","values":{"v":{"i":01}}}"#,
        #"{"at":"7-3-4F1C2B3A-0000-4000-8000-00000000000A","entity":"Card","id":"11111111-2222-4333-8444-555555555555","kind":"insert","values":{"v":{"i":1.5}}}"#,
        #"{"at":"7-3-4F1C2B3A-0000-4000-8000-00000000000A","entity":"Card","id":"11111111-2222-4333-8444-555555555555","kind":"insert","values":{"v":{"t":"\uD800"}}}"#,
        #"{"entity":"Card","id":"11111111-2222-4333-8444-555555555555","kind":"insert","values":{"v":{"t":"no moment"}}}"#,
        #"{"entity":"Card","id":"11111111-2222-4333-8444-555555555555","kind":"delete"} trailing"#,
        #"{"entity":"Card","id":"not a uuid","kind":"delete"}"#,
    ])
    func unknownTextIsLeftToJSONDecoder(_ text: String) {
        #expect(SyncChange(wireJSON: Data(text.utf8)) == nil)
    }

    @Test("text that is not UTF-8 is left to JSONDecoder")
    func invalidUTF8IsLeftToJSONDecoder() {
        let text = Data(#"{"entity":"Ca"#.utf8) + Data([0xFF, 0xFE]) + Data(#"","id":"11111111-2222-4333-8444-555555555555","kind":"delete"}"#.utf8)
        #expect(SyncChange(wireJSON: text) == nil)
    }
}
