import Foundation
import Testing
@testable import OpenSwiftDataSync

/// The sync protocol's JSON written by hand (`SyncJSONWriter`): what `JSONDecoder` reads back
/// as the value written, and the text `JSONEncoder` writes.
@Suite struct SyncJSONWriterTests {
    let node = UUID(uuidString: "4F1C2B3A-0000-4000-8000-00000000000A")!
    let other = UUID(uuidString: "4F1C2B3A-0000-4000-8000-00000000000B")!
    let syncID = UUID(uuidString: "11111111-2222-4333-8444-555555555555")!

    func change(_ value: SyncValue) -> SyncChange {
        SyncChange(entityName: "Card", syncID: syncID, kind: .insert,
                   values: ["value": SyncStampedValue(value, at: HLCTimestamp(milliseconds: 7, counter: 3, node: node))])
    }

    func readBack(_ change: SyncChange) throws -> SyncChange {
        try JSONDecoder().decode(SyncChange.self, from: change.wireJSON())
    }

    @Test("a change is written as JSONEncoder writes it, keys sorted")
    func changeIsWrittenAsJSONEncoderWritesIt() throws {
        let moment = HLCTimestamp(milliseconds: 1_764_745_500_123, counter: 0, node: node)
        let earlier = HLCTimestamp(milliseconds: 1_764_745_400_000, counter: 2, node: other)
        let change = SyncChange(entityName: "Card", syncID: syncID, kind: .insert,
                                values: ["price": SyncStampedValue(.real(12.5), at: moment), "quantity": SyncStampedValue(.integer(3), at: moment),
                                         "name": SyncStampedValue(.text("Pikachu \"Base\" 1/102\u{8}\u{C}\u{1}é"), at: earlier),
                                         "note": SyncStampedValue(.null, at: moment), "tags": SyncStampedValue(.references([syncID]), at: moment)],
                                uniqueKeys: ["name=Pikachu"])
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        #expect(String(decoding: try change.wireJSON(), as: UTF8.self) == String(decoding: try encoder.encode(change), as: UTF8.self))
    }

    @Test("every kind of value reads back as itself", arguments: [
        SyncValue.null, .integer(.min), .integer(.max), .real(2.5), .text(""), .bytes(Data()), .bytes(Data([0, 1, 255])),
        .reference(UUID()), .references([]), .references([UUID(), UUID()]),
    ])
    func valueReadsBack(_ value: SyncValue) throws {
        #expect(try readBack(change(value)) == change(value))
    }

    @Test("text with quotes, backslashes, control characters and letters beyond ASCII reads back as itself", arguments: [
        #"say "hi""#, #"C:\cards\new"#, "line\nbreak\ttab\rreturn", "\u{0}\u{1}\u{1F}\u{7F}", "Pokémon ポケモン 🃏", "a/b", "\u{2028}",
    ])
    func textReadsBack(_ text: String) throws {
        #expect(try readBack(change(.text(text))) == change(.text(text)))
    }

    @Test("a real reads back as the same number, its sign and the smallest and largest included", arguments: [
        0.1, 3.0, -0.0, Double.leastNonzeroMagnitude, Double.greatestFiniteMagnitude, -Double.greatestFiniteMagnitude, 1e16, 123_456_789.123_456_7, -1e-300,
    ])
    func realReadsBack(_ number: Double) throws {
        guard case .real(let read)? = try readBack(change(.real(number))).values["value"]?.value else {
            Issue.record("\(number) did not read back as a real")
            return
        }
        #expect(read.bitPattern == number.bitPattern, "\(number) read back as \(read)")
    }

    @Test("an infinite or NaN real is refused as JSONEncoder refuses it", arguments: [Double.infinity, -Double.infinity, Double.nan])
    func nonFiniteRealIsRefused(_ number: Double) throws {
        #expect {
            try change(.real(number)).wireJSON()
        } throws: { error in
            guard case EncodingError.invalidValue(let value, _) = error, let refused = value as? Double else { return false }
            return refused.bitPattern == number.bitPattern
        }
    }

    @Test("a delete, a merge and values written at other moments than their change's read back as themselves")
    func otherKindsReadBack() throws {
        let moment = HLCTimestamp(milliseconds: 5, counter: 1, node: node)
        let changes = [
            SyncChange(entityName: "Card", syncID: syncID, kind: .delete, deletedAt: moment),
            SyncChange(entityName: "Tag", syncID: syncID, kind: .merge, mergedInto: UUID()),
            SyncChange(entityName: "Tag", syncID: syncID, kind: .update,
                       values: ["name": SyncStampedValue(.text("red"), at: moment),
                                "color": SyncStampedValue(.integer(2), at: HLCTimestamp(milliseconds: 6, counter: 0, node: other))]),
        ]
        for change in changes { #expect(try readBack(change) == change) }
    }

    @Test("a batch and a page read back as themselves")
    func batchAndPageReadBack() throws {
        let changes = [change(.text("a")), change(.integer(1))]
        let batch = SyncUploadBatch(account: "alice \"A\"", device: node, schemaVersion: "1.0.0", changes: changes)
        #expect(try JSONDecoder().decode(SyncUploadBatch.self, from: batch.wireJSON()) == batch)
        let pages = [
            SyncDownloadPage(changes: changes, cursor: 42, hasMore: true),
            SyncDownloadPage(changes: [], cursor: 0, hasMore: false, isFullDownload: true,
                             fullDownload: SyncFullDownloadPosition(through: 9, sent: 500), deviceUploads: 3),
        ]
        for page in pages { #expect(try JSONDecoder().decode(SyncDownloadPage.self, from: page.wireJSON()) == page) }
    }
}
