import Foundation

/// The fuzz input read as a stream of choices; past its end every choice is 0, so that
/// any input, even an empty one, makes a predicate.
struct FuzzBytes {
    private let bytes: [UInt8]
    private var position = 0

    init(_ data: Data) { bytes = Array(data) }

    mutating func byte() -> UInt8 {
        guard position < bytes.count else { return 0 }
        defer { position += 1 }
        return bytes[position]
    }

    mutating func choice(_ count: Int) -> Int { Int(byte()) % count }

    mutating func bool() -> Bool { byte() & 1 == 1 }

    mutating func word() -> UInt64 { (0..<8).reduce(UInt64(0)) { value, _ in value << 8 | UInt64(byte()) } }

    /// Up to 12 of the next bytes as text, invalid UTF-8 repaired as Swift repairs it.
    mutating func rawText() -> String {
        let length = choice(13)
        return String(decoding: (0..<length).map { _ in byte() }, as: UTF8.self)
    }
}
