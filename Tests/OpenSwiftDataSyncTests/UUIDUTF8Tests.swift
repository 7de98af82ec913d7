import Foundation
import Testing
@testable import OpenSwiftDataSync

/// Sync reads the UUIDs it receives from their UTF-8 (`UUID(utf8:)`) as `UUID(uuidString:)` reads them.
@Suite struct UUIDUTF8Tests {
    func read(_ text: String) -> UUID? {
        var text = text
        return text.withUTF8 { UUID(utf8: UnsafeRawBufferPointer($0)) }
    }

    @Test("a UUID's text, in capitals or small letters, is read as UUID(uuidString:) reads it")
    func uuidTextIsRead() {
        for _ in 0..<200 {
            let id = UUID()
            #expect(read(id.uuidString) == id)
            #expect(read(id.uuidString.lowercased()) == id)
        }
        #expect(read("00000000-0000-0000-0000-000000000000") == UUID(uuidString: "00000000-0000-0000-0000-000000000000"))
        #expect(read("FFFFFFFF-FFFF-FFFF-FFFF-FFFFFFFFFFFF") == UUID(uuidString: "FFFFFFFF-FFFF-FFFF-FFFF-FFFFFFFFFFFF"))
    }

    @Test("text that is not a UUID is not read as one", arguments: [
        "", "E621E1F8-C36C-495A-93FC-0C247A3E6E5", "E621E1F8-C36C-495A-93FC-0C247A3E6E5F0", "E621E1F8C36C-495A-93FC-0C247A3E6E5F0",
        "E621E1F8-C36C-495A-93FC+0C247A3E6E5F", "G621E1F8-C36C-495A-93FC-0C247A3E6E5F", "E621E1F8-C36C-495A-93FC-0C247A3E6E5 ",
        "E621E1F8-C36C-495A-93F-C0C247A3E6E5F",
    ])
    func otherTextIsNotRead(_ text: String) {
        #expect(read(text) == nil)
        #expect(UUID(uuidString: text) == nil)
    }
}
