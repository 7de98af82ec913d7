import Foundation

extension UUID {
    /// The UUID that `text`, the UTF-8 of its 36-character form (`E621E1F8-C36C-495A-93FC-0C247A3E6E5F`,
    /// either case), spells; nil for any other text. It reads what `UUID(uuidString:)` reads
    /// without making a string first: sync reads one for every change and moment it receives.
    init?(utf8 text: UnsafeRawBufferPointer) {
        guard text.count == 36 else { return nil }
        var bytes: uuid_t = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        let read: Bool = withUnsafeMutableBytes(of: &bytes) { out in
            var position = 0
            for index in 0..<16 {
                if position == 8 || position == 13 || position == 18 || position == 23 {
                    guard text[position] == UInt8(ascii: "-") else { return false }
                    position += 1
                }
                guard let high = Self.hexValue(text[position]), let low = Self.hexValue(text[position + 1]) else { return false }
                out[index] = high << 4 | low
                position += 2
            }
            return true
        }
        guard read else { return nil }
        self.init(uuid: bytes)
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
