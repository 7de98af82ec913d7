import Foundation
@testable import OpenSwiftData
import Testing

/// `[String]` attributes are stored as the JSON `JSONEncoder` would write, without it.
@Suite struct StringArrayJSONTests {
    private func foundationJSON(_ strings: [String]) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(strings), as: UTF8.self)
    }

    private static let awkward: [String] = (0..<32).map { String(UnicodeScalar(UInt8($0))) }
        + ["\u{7F}", "\"", "\\", "/", "é", "😀", "\u{2028}", "a b", "", "\r\n", "\"quoted\" \\path\\ /slash/"]

    private func randomStrings(_ generator: inout some RandomNumberGenerator) -> [String] {
        (0..<Int.random(in: 0...6, using: &generator)).map { _ in
            String(String.UnicodeScalarView((0..<Int.random(in: 0...12, using: &generator)).map { _ in
                let ranges: [ClosedRange<UInt32>] = [0...0x7F, 0x80...0x7FF, 0x800...0xD7FF, 0xE000...0xFFFF, 0x10000...0x10FFFF]
                return Unicode.Scalar(UInt32.random(in: ranges.randomElement(using: &generator)!, using: &generator))!
            }))
        }
    }

    @Test func writesExactlyWhatJSONEncoderWrites() throws {
        #expect(StringArrayJSON.encode(Self.awkward) == (try foundationJSON(Self.awkward)))
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<500 {
            let strings = randomStrings(&generator)
            #expect(StringArrayJSON.encode(strings) == (try foundationJSON(strings)))
        }
    }

    @Test func readsBackWhatItWrites() {
        var generator = SystemRandomNumberGenerator()
        #expect(StringArrayJSON.decode(StringArrayJSON.encode(Self.awkward)) == Self.awkward)
        for _ in 0..<500 {
            let strings = randomStrings(&generator)
            #expect(StringArrayJSON.decode(StringArrayJSON.encode(strings)) == strings)
        }
    }

    @Test func readsOtherWritersSpacingAndEscapes() {
        #expect(StringArrayJSON.decode(#" [ "a\/b" ,"\u00E9\ud83d\ude00", "\"\\\b\f\n\r\t" ] "#) == ["a/b", "é😀", "\"\\\u{8}\u{C}\n\r\t"])
        #expect(StringArrayJSON.decode("[]") == [])
    }

    @Test(arguments: [#"["a", 1]"#, #"{"a": "b"}"#, #"["unterminated"#, #"["\ud800"]"#, #"["a"] x"#, #"["\q"]"#, "[\"tab\there\"]", ""])
    func leavesWhatItDoesNotReadToJSONDecoder(text: String) {
        #expect(StringArrayJSON.decode(text) == nil)
    }

    @Test func malformedStoredArrayStillFailsWithJSONDecodersError() {
        #expect(throws: DecodingError.self) { try JSONValue.decode([String].self, from: "[\"a\", 1]") }
    }
}
