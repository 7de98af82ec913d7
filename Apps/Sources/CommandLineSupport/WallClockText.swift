/// A day and time written without a zone, `YYYY-MM-DDTHH:MM[:SS]` or with a space for the
/// `T`: a time on the user's clock, which a tool reads in their zone (`LocalTime`).
public struct WallClockText: Equatable {
    public var year: Int, month: Int, day: Int, hour: Int, minute: Int, second: Int

    /// Nil for any other text: a day alone, a time with `Z` or an offset, or not a time.
    public init?(_ text: String) {
        let bytes = Array(text.utf8)
        guard bytes.count == 16 || bytes.count == 19 else { return nil }
        func number(_ start: Int, _ length: Int) -> Int? {
            var value = 0
            for byte in bytes[start..<start + length] {
                guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
                value = value * 10 + Int(byte - UInt8(ascii: "0"))
            }
            return value
        }
        let separators: [(Int, UInt8)] = [(4, UInt8(ascii: "-")), (7, UInt8(ascii: "-")), (13, UInt8(ascii: ":"))]
            + (bytes.count == 19 ? [(16, UInt8(ascii: ":"))] : [])
        guard separators.allSatisfy({ bytes[$0.0] == $0.1 }), bytes[10] == UInt8(ascii: "T") || bytes[10] == UInt8(ascii: " "),
              let year = number(0, 4), let month = number(5, 2), let day = number(8, 2), let hour = number(11, 2),
              let minute = number(14, 2) else { return nil }
        let second = bytes.count == 19 ? number(17, 2) : 0
        guard let second else { return nil }
        (self.year, self.month, self.day, self.hour, self.minute, self.second) = (year, month, day, hour, minute, second)
    }
}
