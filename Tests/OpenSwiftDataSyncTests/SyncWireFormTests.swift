import Foundation
import Testing
@testable import OpenSwiftDataSync

/// The JSON that devices and the server exchange, and that the server keeps in its log.
@Suite struct SyncWireFormTests {
    let node = UUID(uuidString: "4F1C2B3A-0000-4000-8000-00000000000A")!
    let other = UUID(uuidString: "4F1C2B3A-0000-4000-8000-00000000000B")!
    let syncID = UUID(uuidString: "11111111-2222-4333-8444-555555555555")!

    func json(_ value: some Encodable) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return String(decoding: try encoder.encode(value), as: UTF8.self)
    }

    @Test("every kind of value reads back as itself", arguments: [
        SyncValue.null, .integer(-42), .real(2.5), .text("Lisbon"), .bytes(Data([0, 1, 255])),
        .reference(UUID(uuidString: "11111111-2222-4333-8444-555555555555")!), .references([UUID(), UUID()]),
    ])
    func valueRoundTrips(_ value: SyncValue) throws {
        let data = try JSONEncoder().encode(value)
        #expect(try JSONDecoder().decode(SyncValue.self, from: data) == value)
    }

    @Test("a value's JSON is one short key naming its kind")
    func valueIsOneShortKey() throws {
        #expect(try json(SyncValue.text("Lisbon")) == #"{"t":"Lisbon"}"#)
        #expect(try json(SyncValue.integer(3)) == #"{"i":3}"#)
        #expect(try json(SyncValue.null) == "{}")
    }

    @Test("a change names the moment its values share once; a value written at another moment carries its own")
    func changeNamesItsMomentOnce() throws {
        let moment = HLCTimestamp(milliseconds: 1_764_745_500_123, counter: 0, node: node)
        let earlier = HLCTimestamp(milliseconds: 1_764_745_400_000, counter: 2, node: other)
        let change = SyncChange(entityName: "Card", syncID: syncID, kind: .update,
                                values: ["price": SyncStampedValue(.real(12.5), at: moment),
                                         "quantity": SyncStampedValue(.integer(3), at: moment),
                                         "name": SyncStampedValue(.text("Pikachu"), at: earlier)])
        let text = try json(change)
        #expect(text == #"{"at":"1764745500123-0-\#(node.uuidString)","entity":"Card","id":"\#(syncID.uuidString)","kind":"update","#
            + #""values":{"name":{"at":"1764745400000-2-\#(other.uuidString)","t":"Pikachu"},"price":{"r":12.5},"quantity":{"i":3}}}"#)
        #expect(try JSONDecoder().decode(SyncChange.self, from: Data(text.utf8)) == change)
    }

    @Test("a delete, a merge and an insert with unique keys read back as themselves")
    func otherKindsRoundTrip() throws {
        let moment = HLCTimestamp(milliseconds: 5, counter: 1, node: node)
        let changes = [
            SyncChange(entityName: "Card", syncID: syncID, kind: .delete, deletedAt: moment),
            SyncChange(entityName: "Tag", syncID: syncID, kind: .merge, mergedInto: UUID()),
            SyncChange(entityName: "Tag", syncID: syncID, kind: .insert, values: ["name": SyncStampedValue(.text("red"), at: moment)],
                       uniqueKeys: ["name=red"]),
        ]
        for change in changes {
            #expect(try JSONDecoder().decode(SyncChange.self, from: JSONEncoder().encode(change)) == change)
        }
    }

    @Test("a change in the longer form of earlier releases, as a server's log may hold it, is read")
    func earlierFormIsRead() throws {
        let earlier = """
        {"entityName":"Card","syncID":"\(syncID.uuidString)","kind":"insert","uniqueKeys":["key=a"],
         "values":{"name":{"value":{"text":{"_0":"Pikachu"}},"clock":{"milliseconds":7,"counter":1,"node":"\(node.uuidString)"}},
                   "owner":{"value":{"null":{}},"clock":{"milliseconds":7,"counter":1,"node":"\(node.uuidString)"}},
                   "tags":{"value":{"references":{"_0":["\(other.uuidString)"]}},"clock":{"milliseconds":8,"counter":0,"node":"\(node.uuidString)"}}}}
        """
        let change = try JSONDecoder().decode(SyncChange.self, from: Data(earlier.utf8))
        let moment = HLCTimestamp(milliseconds: 7, counter: 1, node: node)
        #expect(change == SyncChange(entityName: "Card", syncID: syncID, kind: .insert,
                                     values: ["name": SyncStampedValue(.text("Pikachu"), at: moment),
                                              "owner": SyncStampedValue(.null, at: moment),
                                              "tags": SyncStampedValue(.references([other]), at: HLCTimestamp(milliseconds: 8, counter: 0, node: node))],
                                     uniqueKeys: ["key=a"]))
    }

    @Test("a moment that is not one is refused, naming the text")
    func malformedMomentRefused() throws {
        let text = #"{"entity":"Card","id":"\#(syncID.uuidString)","kind":"update","at":"yesterday","values":{"name":{"t":"x"}}}"#
        #expect {
            try JSONDecoder().decode(SyncChange.self, from: Data(text.utf8))
        } throws: { error in
            String(describing: error).contains("\"yesterday\" is not a moment")
        }
    }
}
