/// A JSON document read into plain values, for the few documents the engine reads
/// itself (a store's recorded schema) where `JSONDecoder`'s first use in a process
/// (its conformance lookups, about 3 M instructions) would cost more than the reading.
///
/// Numbers are kept as their text: the documents read this way hold none that the
/// engine computes with, and the text loses nothing.
package enum JSONTree: Equatable {
    case object([String: JSONTree])
    case array([JSONTree])
    case string(String)
    case number(String)
    case bool(Bool)
    case null

    /// Reads `text`, which must hold exactly one JSON value (and white space around it).
    package init(parsing text: String) throws {
        var text = text
        self = try text.withUTF8 { bytes throws(SyntaxError) in
            var cursor = JSONCursor(bytes: bytes)
            let value = try cursor.value(depth: 0)
            cursor.skipSpace()
            guard cursor.isAtEnd else { throw cursor.error("more text after the document's end") }
            return value
        }
    }

    /// Where a document stops being JSON, in words.
    package struct SyntaxError: Error, CustomStringConvertible {
        /// The offset in UTF-8 bytes from the start of the text.
        package let offset: Int
        package let problem: String

        package var description: String { "\(problem) at byte \(offset)" }
    }

    /// Deeper documents are refused rather than read by recursion that could exhaust the stack.
    static let maximumDepth = 512
}

/// The reading of whole documents; strings, white space and single bytes are the cursor's.
private extension JSONCursor {
    mutating func value(depth: Int) throws(JSONTree.SyntaxError) -> JSONTree {
        guard depth < JSONTree.maximumDepth else { throw error("arrays and objects nested more than \(JSONTree.maximumDepth) deep") }
        skipSpace()
        guard let byte = next else { throw error("the text ends where a value was expected") }
        switch byte {
        case UInt8(ascii: "{"): return try object(depth: depth)
        case UInt8(ascii: "["): return try array(depth: depth)
        case UInt8(ascii: "\""): return .string(try string())
        case UInt8(ascii: "t"): try literal("true"); return .bool(true)
        case UInt8(ascii: "f"): try literal("false"); return .bool(false)
        case UInt8(ascii: "n"): try literal("null"); return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try number())
        default: throw error("a value was expected")
        }
    }

    mutating func object(depth: Int) throws(JSONTree.SyntaxError) -> JSONTree {
        position += 1
        var members: [String: JSONTree] = [:]
        skipSpace()
        if take(UInt8(ascii: "}")) { return .object(members) }
        while true {
            skipSpace()
            guard next == UInt8(ascii: "\"") else { throw error("a member's name in quotes was expected") }
            let name = try string()
            skipSpace()
            guard take(UInt8(ascii: ":")) else { throw error("a colon after the member's name was expected") }
            members[name] = try value(depth: depth + 1)
            skipSpace()
            if take(UInt8(ascii: ",")) { continue }
            guard take(UInt8(ascii: "}")) else { throw error("a comma or the object's end was expected") }
            return .object(members)
        }
    }

    mutating func array(depth: Int) throws(JSONTree.SyntaxError) -> JSONTree {
        position += 1
        var elements: [JSONTree] = []
        skipSpace()
        if take(UInt8(ascii: "]")) { return .array(elements) }
        while true {
            elements.append(try value(depth: depth + 1))
            skipSpace()
            if take(UInt8(ascii: ",")) { continue }
            guard take(UInt8(ascii: "]")) else { throw error("a comma or the array's end was expected") }
            return .array(elements)
        }
    }

    /// A number as JSON spells it: `-`? integer part, then `.digits`? and `e±digits`?.
    mutating func number() throws(JSONTree.SyntaxError) -> String {
        let start = position
        _ = take(UInt8(ascii: "-"))
        if !take(UInt8(ascii: "0")) {
            guard digits() > 0 else { throw error("a number without digits") }
        }
        if take(UInt8(ascii: ".")) {
            guard digits() > 0 else { throw error("a number without digits after its decimal point") }
        }
        if take(UInt8(ascii: "e")) || take(UInt8(ascii: "E")) {
            if !take(UInt8(ascii: "+")) { _ = take(UInt8(ascii: "-")) }
            guard digits() > 0 else { throw error("a number without digits in its exponent") }
        }
        return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<position]), as: UTF8.self)
    }

    mutating func digits() -> Int {
        let start = position
        while let byte = next, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) { position += 1 }
        return position - start
    }

    mutating func literal(_ word: String) throws(JSONTree.SyntaxError) {
        let length = word.utf8.count
        guard position + length <= bytes.count, bytes[position..<position + length].elementsEqual(word.utf8) else {
            throw error("a value was expected")
        }
        position += length
    }
}
