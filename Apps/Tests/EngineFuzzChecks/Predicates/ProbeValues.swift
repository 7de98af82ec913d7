import Foundation

/// The values predicates capture and rows hold: the edges of each type (NaN, infinities,
/// negative zero, the largest integers, the far past and future) and text that SQL and
/// Swift may treat differently (case, composed and decomposed accents, LIKE and GLOB
/// wildcards, NUL, ligatures, flags made of several scalars).
enum ProbeValues {
    static let texts = [
        "", "a", "A", "abc", "ABC", "é", "e\u{301}", "É", "ß", "SS", "ss", "İ", "i", "ı", "ﬁ", "fi", "ǅ", "Ǆ",
        "%", "_", "*", "?", "[a]", "\\", "'", "\"", "a\u{0}b", "\u{0}", "🏳️‍🌈", "🏳", " ", "\t", "Ω", "Ω", "é%", "\r\n",
    ]

    /// Text on which SQL's byte-wise comparison and search mean what Swift's do: in
    /// Unicode normalization form C (the documented caveat, Queries.md: decomposed text
    /// compares differently in SQL), with each scalar a character of its own (Swift
    /// searches whole characters, so "🏳️‍🌈" does not contain "🏳"; SQL searches bytes).
    static func comparableInSQL(_ text: String) -> Bool {
        text.unicodeScalars.count == text.count
            && text.unicodeScalars.elementsEqual(text.precomposedStringWithCanonicalMapping.unicodeScalars)
    }
    static let integers = [0, 1, -1, 2, 42, Int.max, Int.min, Int.max - 1, Int.min + 1, 1 << 53, (1 << 53) + 1, -(1 << 53) - 1]
    static let doubles: [Double] = [
        0, -0.0, 1, -1, 0.5, 0.1 + 0.2, .nan, .infinity, -.infinity, .greatestFiniteMagnitude, -.greatestFiniteMagnitude,
        .leastNonzeroMagnitude, 9_007_199_254_740_994, 1e300, -1e-300,
    ]
    static let dates: [Date] = [
        Date(timeIntervalSinceReferenceDate: 0), Date(timeIntervalSinceReferenceDate: -0.001), Date(timeIntervalSinceReferenceDate: 0.001),
        .distantPast, .distantFuture, Date(timeIntervalSince1970: 0), Date(timeIntervalSince1970: -62_135_596_800),
        Date(timeIntervalSinceReferenceDate: 1e15), Date(timeIntervalSinceReferenceDate: -1e15),
    ]

    static func text(_ input: inout FuzzBytes) -> String {
        input.choice(4) == 0 ? input.rawText() : texts[input.choice(texts.count)]
    }

    static func integer(_ input: inout FuzzBytes) -> Int {
        input.choice(4) == 0 ? Int(truncatingIfNeeded: input.word()) : integers[input.choice(integers.count)]
    }

    static func double(_ input: inout FuzzBytes) -> Double {
        input.choice(4) == 0 ? Double(bitPattern: input.word()) : doubles[input.choice(doubles.count)]
    }

    static func date(_ input: inout FuzzBytes) -> Date {
        switch input.choice(4) {
        case 0:
            // Any finite interval; a NaN or infinite date is not a moment.
            let interval = Double(bitPattern: input.word())
            return Date(timeIntervalSinceReferenceDate: interval.isFinite ? interval : 0)
        default: return dates[input.choice(dates.count)]
        }
    }

    static func optional<T>(_ input: inout FuzzBytes, _ value: (inout FuzzBytes) -> T) -> T? {
        input.choice(4) == 0 ? nil : value(&input)
    }
}
