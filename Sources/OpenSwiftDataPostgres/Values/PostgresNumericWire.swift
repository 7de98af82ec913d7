#if PostgreSQL
import Foundation
import PostgresNIO

/// `Decimal` on the wire, written and read here rather than by PostgresNIO's
/// `PostgresNumeric`, which traps on a NaN and on strings it does not expect.
///
/// A bind is sent in PostgreSQL's text format (the server parses it exactly); a
/// result arrives in the binary format described in PostgreSQL's
/// `src/backend/utils/adt/numeric.c`: digit count, weight, sign, display scale, then
/// base-10000 digits, most significant first.
enum PostgresNumericWire {
    /// A decimal as a `NUMERIC` bind in text format.
    struct Bind: PostgresDynamicTypeEncodable {
        let text: String
        var psqlType: PostgresDataType { .numeric }
        var psqlFormat: PostgresFormat { .text }
        func encode<JSONEncoder: PostgresJSONEncoder>(into byteBuffer: inout ByteBuffer, context: PostgresEncodingContext<JSONEncoder>) {
            byteBuffer.writeString(text)
        }
    }

    private static let negative: UInt16 = 0x4000

    /// The value of a binary `NUMERIC` cell; nil for NaN, the infinities, a malformed
    /// cell, or more significant digits than `Decimal` holds.
    static func decode(_ buffer: ByteBuffer) -> Decimal? {
        var buffer = buffer
        guard let count = buffer.readInteger(as: Int16.self), let weight = buffer.readInteger(as: Int16.self),
              let sign = buffer.readInteger(as: UInt16.self), buffer.readInteger(as: Int16.self) != nil,
              count >= 0, sign == 0 || sign == negative else { return nil }
        var digits: [Int16] = []
        for _ in 0..<count {
            guard let digit = buffer.readInteger(as: Int16.self), (0..<10_000).contains(digit) else { return nil }
            digits.append(digit)
        }
        // The value is the digits read as one base-10000 integer, times 10000^(weight - count + 1);
        // trailing zero groups move into the exponent to keep the significand short.
        var exponent = 4 * (Int(weight) - digits.count + 1)
        while let last = digits.last, last == 0 {
            digits.removeLast()
            exponent += 4
        }
        guard !digits.isEmpty else { return 0 }
        let text = digits.enumerated().map { index, digit in
            index == 0 ? String(digit) : String(repeating: "0", count: 4 - String(digit).count) + String(digit)
        }.joined()
        let significantDigits = text.count
        guard significantDigits <= 38, let significand = Decimal(string: text, locale: Locale(identifier: "en_US_POSIX")) else {
            return nil
        }
        let magnitude = Decimal(sign: .plus, exponent: exponent, significand: significand)
        return sign == negative ? -magnitude : magnitude
    }
}
#endif
