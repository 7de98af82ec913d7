import Foundation
import OpenSwiftData

/// Reads the sync protocol's JSON as ``SyncJSONWriter`` and `JSONEncoder` write it, straight
/// from its bytes. Anything else (the longer form of earlier releases, a key it does not
/// know, a key given twice, JSON that is not JSON) it gives up on, and the caller reads the
/// text with `JSONDecoder` instead, whose result and errors are the protocol's: so this
/// reader only has to be right about what it takes, never about what it refuses.
struct SyncJSONReader {
    /// Why the reader gave up; never shown, the caller reads the text with `JSONDecoder` then.
    struct GaveUp: Error {}

    private let bytes: UnsafeRawBufferPointer
    private var position = 0

    private init(_ bytes: UnsafeRawBufferPointer) {
        self.bytes = bytes
    }

    /// The value the reader makes of the whole of `data`, or nil when it gives up.
    static func read<T>(_ data: Data, _ value: (inout SyncJSONReader) throws -> T) -> T? {
        data.withUnsafeBytes { bytes in
            var reader = SyncJSONReader(bytes)
            guard let read = try? value(&reader) else { return nil }
            reader.skipSpace()
            return reader.position == bytes.count ? read : nil
        }
    }

    // MARK: The protocol's objects

    mutating func change() throws -> SyncChange {
        var entity: String?, id: UUID?, kind: SyncChange.Kind?, shared: HLCTimestamp?
        var values: [String: (SyncValue, HLCTimestamp?)] = [:]
        var deletedAt: HLCTimestamp?, uniqueKeys: [String] = [], mergedInto: UUID?
        try object { reader, key in
            switch key {
            case "entity": try Self.once(&entity, reader.string())
            case "id": try Self.once(&id, reader.uuid())
            case "kind": try Self.once(&kind, SyncJSONReader.required(SyncChange.Kind(rawValue: reader.string())))
            case "at": try Self.once(&shared, reader.moment())
            case "deletedAt": try Self.once(&deletedAt, reader.moment())
            case "mergedInto": try Self.once(&mergedInto, reader.uuid())
            case "uniqueKeys":
                guard uniqueKeys.isEmpty else { throw GaveUp() }
                uniqueKeys = try reader.array { try $0.string() }
            case "values":
                guard values.isEmpty else { throw GaveUp() }
                try reader.object { reader, name in
                    guard values.updateValue(try reader.stampedValue(), forKey: name) == nil else { throw GaveUp() }
                }
            default: throw GaveUp()
            }
        }
        guard let entity, let id, let kind else { throw GaveUp() }
        var stamped: [String: SyncStampedValue] = [:]
        stamped.reserveCapacity(values.count)
        for (name, (value, clock)) in values {
            guard let clock = clock ?? shared else { throw GaveUp() }
            stamped[name] = SyncStampedValue(value, at: clock)
        }
        return SyncChange(entityName: entity, syncID: id, kind: kind, values: stamped, deletedAt: deletedAt,
                          uniqueKeys: uniqueKeys, mergedInto: mergedInto)
    }

    /// A value's object, with its moment when it has one.
    mutating func stampedValue() throws -> (SyncValue, HLCTimestamp?) {
        var value: SyncValue?, clock: HLCTimestamp?
        try object { reader, key in
            // A value of two kinds is JSONDecoder's to read.
            if key != "at", value != nil { throw GaveUp() }
            switch key {
            case "at": try Self.once(&clock, reader.moment())
            case SyncValue.WireKey.integer.rawValue: value = .integer(try reader.integer())
            case SyncValue.WireKey.real.rawValue: value = .real(try reader.real())
            case SyncValue.WireKey.text.rawValue: value = .text(try reader.string())
            case SyncValue.WireKey.bytes.rawValue: value = .bytes(try SyncJSONReader.required(Data(base64Encoded: reader.string())))
            case SyncValue.WireKey.reference.rawValue: value = .reference(try reader.uuid())
            case SyncValue.WireKey.references.rawValue: value = .references(try reader.array { try $0.uuid() })
            default: throw GaveUp()
            }
        }
        return (value ?? .null, clock)
    }

    mutating func batch() throws -> SyncUploadBatch {
        var id: UUID?, account: String?, device: UUID?, schemaVersion: String?, changes: [SyncChange]?
        try object { reader, key in
            switch key {
            case "id": try Self.once(&id, reader.uuid())
            case "account": try Self.once(&account, reader.string())
            case "device": try Self.once(&device, reader.uuid())
            case "schemaVersion": try Self.once(&schemaVersion, reader.string())
            case "changes": try Self.once(&changes, reader.array { try $0.change() })
            default: throw GaveUp()
            }
        }
        guard let id, let account, let device, let schemaVersion, let changes else { throw GaveUp() }
        return SyncUploadBatch(id: id, account: account, device: device, schemaVersion: schemaVersion, changes: changes)
    }

    mutating func page() throws -> SyncDownloadPage {
        var changes: [SyncChange]?, cursor: Int64?, hasMore: Bool?, isFullDownload: Bool?
        var fullDownload: SyncFullDownloadPosition?, deviceUploads: Int64?
        try object { reader, key in
            switch key {
            case "changes": try Self.once(&changes, reader.array { try $0.change() })
            case "cursor": try Self.once(&cursor, reader.integer())
            case "hasMore": try Self.once(&hasMore, reader.bool())
            case "isFullDownload": try Self.once(&isFullDownload, reader.bool())
            case "deviceUploads": try Self.once(&deviceUploads, reader.integer())
            case "fullDownload":
                guard fullDownload == nil else { throw GaveUp() }
                var through: Int64?, sent: Int64?
                try reader.object { reader, key in
                    switch key {
                    case "through": try Self.once(&through, reader.integer())
                    case "sent": try Self.once(&sent, reader.integer())
                    default: throw GaveUp()
                    }
                }
                guard let through, let sent, let count = Int(exactly: sent) else { throw GaveUp() }
                fullDownload = SyncFullDownloadPosition(through: through, sent: count)
            default: throw GaveUp()
            }
        }
        guard let changes, let cursor, let hasMore, let isFullDownload else { throw GaveUp() }
        return SyncDownloadPage(changes: changes, cursor: cursor, hasMore: hasMore, isFullDownload: isFullDownload,
                                fullDownload: fullDownload, deviceUploads: deviceUploads)
    }

    // MARK: JSON

    /// Sets a member read once; gives up on a key given twice, where JSON readers differ on
    /// which one counts.
    private static func once<T>(_ member: inout T?, _ value: T) throws {
        guard member == nil else { throw GaveUp() }
        member = value
    }

    private static func required<T>(_ value: T?) throws -> T {
        guard let value else { throw GaveUp() }
        return value
    }

    /// Reads an object, handing each member's key to `member`, which reads its value and
    /// gives up on a key given twice (see ``once(_:_:)``).
    private mutating func object(_ member: (inout SyncJSONReader, String) throws -> Void) throws {
        try expect(UInt8(ascii: "{"))
        if try peek() == UInt8(ascii: "}") {
            position += 1
            return
        }
        while true {
            let key = try string()
            try expect(UInt8(ascii: ":"))
            try member(&self, key)
            switch try next() {
            case UInt8(ascii: ","): continue
            case UInt8(ascii: "}"): return
            default: throw GaveUp()
            }
        }
    }

    private mutating func array<Element>(_ element: (inout SyncJSONReader) throws -> Element) throws -> [Element] {
        try expect(UInt8(ascii: "["))
        var elements: [Element] = []
        if try peek() == UInt8(ascii: "]") {
            position += 1
            return elements
        }
        while true {
            elements.append(try element(&self))
            switch try next() {
            case UInt8(ascii: ","): continue
            case UInt8(ascii: "]"): return elements
            default: throw GaveUp()
            }
        }
    }

    private mutating func string() throws -> String {
        try expect(UInt8(ascii: "\""))
        let start = position
        // Most of the protocol's text has no escapes: it is taken as it stands.
        while position < bytes.count {
            let byte = bytes[position]
            if byte == UInt8(ascii: "\"") {
                defer { position += 1 }
                return String(decoding: UnsafeRawBufferPointer(rebasing: bytes[start..<position]), as: UTF8.self)
            }
            if byte == UInt8(ascii: "\\") || byte < 0x20 || byte >= 0x80 { break }
            position += 1
        }
        return try escapedString(from: start - 1)
    }

    /// A string holding escapes or letters beyond ASCII, from its opening quote at `quote`:
    /// read as every JSON reader of the engine reads one (`JSONCursor`).
    private mutating func escapedString(from quote: Int) throws -> String {
        var cursor = JSONCursor(bytes: bytes.assumingMemoryBound(to: UInt8.self))
        cursor.position = quote
        guard let text = try? cursor.string() else { throw GaveUp() }
        position = cursor.position
        return text
    }

    /// A whole number: digits with no fraction or exponent, in range.
    private mutating func integer() throws -> Int64 {
        let text = try number()
        guard let value = Int64(text) else { throw GaveUp() }
        return value
    }

    private mutating func real() throws -> Double {
        let text = try number()
        guard let value = Double(text), value.isFinite else { throw GaveUp() }
        return value
    }

    /// A number's text, by JSON's grammar: `-`, digits without a leading zero, a fraction, an exponent.
    private mutating func number() throws -> Substring {
        skipSpace()
        let start = position
        func digits(_ reader: inout SyncJSONReader) -> Int {
            let first = reader.position
            while reader.position < reader.bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(reader.bytes[reader.position]) {
                reader.position += 1
            }
            return reader.position - first
        }
        if position < bytes.count, bytes[position] == UInt8(ascii: "-") { position += 1 }
        let whole = position
        guard digits(&self) > 0 else { throw GaveUp() }
        if bytes[whole] == UInt8(ascii: "0"), position - whole > 1 { throw GaveUp() }
        if position < bytes.count, bytes[position] == UInt8(ascii: ".") {
            position += 1
            guard digits(&self) > 0 else { throw GaveUp() }
        }
        if position < bytes.count, bytes[position] == UInt8(ascii: "e") || bytes[position] == UInt8(ascii: "E") {
            position += 1
            if position < bytes.count, bytes[position] == UInt8(ascii: "+") || bytes[position] == UInt8(ascii: "-") { position += 1 }
            guard digits(&self) > 0 else { throw GaveUp() }
        }
        return Substring(decoding: UnsafeRawBufferPointer(rebasing: bytes[start..<position]), as: UTF8.self)
    }

    private mutating func bool() throws -> Bool {
        skipSpace()
        for (word, value) in [("true", true), ("false", false)] where bytes[position...].starts(with: word.utf8) {
            position += word.utf8.count
            return value
        }
        throw GaveUp()
    }

    private mutating func uuid() throws -> UUID {
        guard let id = UUID(utf8: try plainString()) else { throw GaveUp() }
        return id
    }

    private mutating func moment() throws -> HLCTimestamp {
        guard let moment = HLCTimestamp(utf8: try plainString()) else { throw GaveUp() }
        return moment
    }

    /// A string's bytes as they stand, for the text of an ID or a moment, which needs no
    /// escapes (one holding any is given up on).
    private mutating func plainString() throws -> UnsafeRawBufferPointer {
        try expect(UInt8(ascii: "\""))
        let start = position
        while position < bytes.count, bytes[position] != UInt8(ascii: "\"") {
            guard bytes[position] != UInt8(ascii: "\\") else { throw GaveUp() }
            position += 1
        }
        guard position < bytes.count else { throw GaveUp() }
        defer { position += 1 }
        return UnsafeRawBufferPointer(rebasing: bytes[start..<position])
    }

    private mutating func skipSpace() {
        while position < bytes.count, [0x20, 0x0A, 0x0D, 0x09].contains(bytes[position]) { position += 1 }
    }

    private mutating func peek() throws -> UInt8 {
        skipSpace()
        guard position < bytes.count else { throw GaveUp() }
        return bytes[position]
    }

    private mutating func next() throws -> UInt8 {
        skipSpace()
        guard position < bytes.count else { throw GaveUp() }
        defer { position += 1 }
        return bytes[position]
    }

    private mutating func expect(_ byte: UInt8) throws {
        guard try next() == byte else { throw GaveUp() }
    }
}

extension SyncUploadBatch {
    /// The batch `data` holds as ``wireJSON()`` writes it; nil for any other text, which
    /// `JSONDecoder` reads (the longer form of earlier releases) or refuses in its words.
    public init?(wireJSON data: Data) {
        guard let batch = SyncJSONReader.read(data, { try $0.batch() }) else { return nil }
        self = batch
    }
}

extension SyncDownloadPage {
    /// The page `data` holds as ``wireJSON()`` writes it; nil for any other text, which
    /// `JSONDecoder` reads (the longer form of earlier releases) or refuses in its words.
    public init?(wireJSON data: Data) {
        guard let page = SyncJSONReader.read(data, { try $0.page() }) else { return nil }
        self = page
    }
}

extension SyncChange {
    /// The change `data` holds as ``wireJSON()`` writes it; nil for any other text.
    init?(wireJSON data: Data) {
        guard let change = SyncJSONReader.read(data, { try $0.change() }) else { return nil }
        self = change
    }
}

extension SyncValue {
    /// The value a server's property holds as ``wireJSON()`` writes it; nil for any other text.
    init?(wireJSON data: Data) {
        guard let (value, _) = SyncJSONReader.read(data, { try $0.stampedValue() }) else { return nil }
        self = value
    }

    /// The value a server's property holds, read by hand or, in another form, by `decoder`.
    static func read(_ data: Data, decoder: JSONDecoder = JSONDecoder()) throws -> SyncValue {
        try SyncValue(wireJSON: data) ?? decoder.decode(SyncValue.self, from: data)
    }
}
