import Foundation
import Testing
import Trendy

/// RFC 5545 folds lines at 75 octets: a fold may cut a character of several bytes in two,
/// and the reader unfolds the bytes before it reads them as UTF-8.
@Suite struct OctetFoldingTests {
    /// A calendar whose SUMMARY "Café" is folded between the two bytes of "é" (C3 A9).
    static var foldedInsideACharacter: Data {
        let text = ICSText.calendar(ICSText.event(uid: "cafe@test", ["DTSTART:20260105T090000Z"], summary: "Caf~"))
        let parts = text.components(separatedBy: "~")
        return Data(parts[0].utf8) + Data([0xC3, 0x0D, 0x0A, 0x20, 0xA9]) + Data(parts[1...].joined(separator: "~").utf8)
    }

    @Test func aLineFoldedInsideACharacterIsReadWhole() throws {
        let reading = try ICSCalendarReader.read(Self.foldedInsideACharacter, window: ICSText.window, timeZone: Fixtures.utc)
        #expect(reading.occurrences.map(\.summary) == ["Café"])
    }

    @Test func aLineThatIsNotUTF8IsRefusedNamingItsLine() throws {
        var bytes = Array(ICSText.calendar(ICSText.event(uid: "latin@test", ["DTSTART:20260105T090000Z"], summary: "CafX")).utf8)
        if let index = bytes.firstIndex(of: UInt8(ascii: "X")) { bytes[index] = 0xE9 }
        #expect(throws: ICSError(line: 7, "the line is not UTF-8 text: save the calendar as UTF-8 (every calendar program can) and import it again")) {
            try ICSCalendarReader.read(Data(bytes), window: ICSText.window, timeZone: Fixtures.utc)
        }
    }

    @Test func aFileWithoutLineBreaksIsRefusedAtItsLongLineNotReadAsOneProperty() throws {
        let started = Date()
        #expect(throws: ICSError(line: 1, "the line is over 1 MB long (its continuation lines joined), longer than any calendar's: "
                                 + "check that the file is an .ics calendar")) {
            try ICSCalendarReader.read(Data(repeating: UInt8(ascii: "a"), count: 30 << 20), window: ICSText.window, timeZone: Fixtures.utc)
        }
        #expect(Date().timeIntervalSince(started) < 5)
    }
}
