import Foundation
import OpenSwiftData

/// Writes the sync protocol's JSON (see `SyncChange+Coding.swift`) straight into bytes: the
/// same objects `JSONEncoder` writes from the types' `Codable` conformances, keys sorted,
/// which any JSON reader, `JSONDecoder` among them, reads back alike. Through `Codable`,
/// every value of every change went through a keyed container and the runtime's generic
/// lookups, and encoding took a quarter of a sync's instructions.
struct SyncJSONWriter {
    private(set) var bytes: [UInt8] = []

    init(capacity: Int = 256) {
        bytes.reserveCapacity(capacity)
    }

    var data: Data { Data(bytes) }

    mutating func write(_ change: SyncChange) throws {
        let shared = change.sharedClock
        var object = ObjectWriter()
        if let shared { object.key("at", &self); moment(shared) }
        if let deletedAt = change.deletedAt { object.key("deletedAt", &self); moment(deletedAt) }
        object.key("entity", &self); string(change.entityName)
        object.key("id", &self); uuid(change.syncID)
        object.key("kind", &self); string(change.kind.rawValue)
        if let mergedInto = change.mergedInto { object.key("mergedInto", &self); uuid(mergedInto) }
        if !change.uniqueKeys.isEmpty {
            object.key("uniqueKeys", &self)
            array(change.uniqueKeys) { $0.string($1) }
        }
        if !change.values.isEmpty {
            object.key("values", &self)
            var values = ObjectWriter()
            for name in change.values.keys.sorted() {
                guard let stamped = change.values[name] else { continue }
                values.key(name, &self)
                try write(stamped.value, at: stamped.clock == shared ? nil : stamped.clock)
            }
            values.end(&self)
        }
        object.end(&self)
    }

    /// A value's object, with its moment (`"at"`) when it is not its change's.
    mutating func write(_ value: SyncValue, at clock: HLCTimestamp? = nil) throws {
        var object = ObjectWriter()
        if let clock { object.key("at", &self); moment(clock) }
        switch value {
        case .null: break
        case .bytes(let data): object.key(SyncValue.WireKey.bytes.rawValue, &self); string(data.base64EncodedString())
        case .integer(let number): object.key(SyncValue.WireKey.integer.rawValue, &self); ascii(String(number))
        case .reference(let id): object.key(SyncValue.WireKey.reference.rawValue, &self); uuid(id)
        case .references(let ids): object.key(SyncValue.WireKey.references.rawValue, &self); array(ids) { $0.uuid($1) }
        case .real(let number): object.key(SyncValue.WireKey.real.rawValue, &self); try real(number)
        case .text(let text): object.key(SyncValue.WireKey.text.rawValue, &self); string(text)
        }
        object.end(&self)
    }

    mutating func write(_ batch: SyncUploadBatch) throws {
        var object = ObjectWriter()
        object.key("account", &self); string(batch.account)
        object.key("changes", &self)
        try changes(batch.changes)
        object.key("device", &self); uuid(batch.device)
        object.key("id", &self); uuid(batch.id)
        object.key("schemaVersion", &self); string(batch.schemaVersion)
        object.end(&self)
    }

    mutating func write(_ page: SyncDownloadPage) throws {
        var object = ObjectWriter()
        object.key("changes", &self)
        try changes(page.changes)
        object.key("cursor", &self); ascii(String(page.cursor))
        if let uploads = page.deviceUploads { object.key("deviceUploads", &self); ascii(String(uploads)) }
        if let position = page.fullDownload {
            object.key("fullDownload", &self)
            var inner = ObjectWriter()
            inner.key("sent", &self); ascii(String(position.sent))
            inner.key("through", &self); ascii(String(position.through))
            inner.end(&self)
        }
        object.key("hasMore", &self); ascii(page.hasMore ? "true" : "false")
        object.key("isFullDownload", &self); ascii(page.isFullDownload ? "true" : "false")
        object.end(&self)
    }

    private mutating func changes(_ changes: [SyncChange]) throws {
        bytes.append(UInt8(ascii: "["))
        for (index, change) in changes.enumerated() {
            if index > 0 { bytes.append(UInt8(ascii: ",")) }
            try write(change)
        }
        bytes.append(UInt8(ascii: "]"))
    }

    private mutating func array<Element>(_ elements: [Element], _ write: (inout Self, Element) -> Void) {
        bytes.append(UInt8(ascii: "["))
        for (index, element) in elements.enumerated() {
            if index > 0 { bytes.append(UInt8(ascii: ",")) }
            write(&self, element)
        }
        bytes.append(UInt8(ascii: "]"))
    }

    /// A number as JSON has it: JSON has no infinity or NaN, which `JSONEncoder` refuses
    /// with the same error.
    private mutating func real(_ number: Double) throws {
        guard number.isFinite else {
            throw EncodingError.invalidValue(number, EncodingError.Context(
                codingPath: [], debugDescription: "Unable to encode Double.\(number) directly in JSON."))
        }
        // The shortest text that reads back as the same number ("0.1", "1e-05", "-0.0").
        ascii(number.description)
    }

    /// A moment's ``HLCTimestamp/wireText``, written byte by byte.
    private mutating func moment(_ moment: HLCTimestamp) {
        bytes.append(UInt8(ascii: "\""))
        decimal(UInt64(moment.milliseconds))
        bytes.append(UInt8(ascii: "-"))
        decimal(UInt64(moment.counter))
        bytes.append(UInt8(ascii: "-"))
        uuidDigits(moment.node)
        bytes.append(UInt8(ascii: "\""))
    }

    private mutating func uuid(_ id: UUID) {
        bytes.append(UInt8(ascii: "\""))
        uuidDigits(id)
        bytes.append(UInt8(ascii: "\""))
    }

    /// A UUID's `uuidString`, written byte by byte: making the string cost more than writing it.
    private mutating func uuidDigits(_ id: UUID) {
        let hex: StaticString = "0123456789ABCDEF"
        withUnsafeBytes(of: id.uuid) { raw in
            for (index, byte) in raw.enumerated() {
                if index == 4 || index == 6 || index == 8 || index == 10 { bytes.append(UInt8(ascii: "-")) }
                bytes.append(hex.utf8Start[Int(byte >> 4)])
                bytes.append(hex.utf8Start[Int(byte & 0x0F)])
            }
        }
    }

    private mutating func decimal(_ number: UInt64) {
        guard number >= 10 else {
            bytes.append(UInt8(ascii: "0") + UInt8(number))
            return
        }
        decimal(number / 10)
        bytes.append(UInt8(ascii: "0") + UInt8(number % 10))
    }

    /// Text known to need no escaping.
    private mutating func ascii(_ text: String, quoted: Bool = false) {
        if quoted { bytes.append(UInt8(ascii: "\"")) }
        bytes.append(contentsOf: text.utf8)
        if quoted { bytes.append(UInt8(ascii: "\"")) }
    }

    fileprivate mutating func string(_ text: String) {
        JSONString.append(text, to: &bytes)
    }

    /// Writes an object's braces and the commas between its members.
    private struct ObjectWriter {
        private var members = 0

        mutating func key(_ name: String, _ writer: inout SyncJSONWriter) {
            writer.bytes.append(UInt8(ascii: members == 0 ? "{" : ","))
            members += 1
            writer.string(name)
            writer.bytes.append(UInt8(ascii: ":"))
        }

        func end(_ writer: inout SyncJSONWriter) {
            if members == 0 { writer.bytes.append(UInt8(ascii: "{")) }
            writer.bytes.append(UInt8(ascii: "}"))
        }
    }
}

extension SyncUploadBatch {
    /// The batch's JSON, as the HTTP transport sends it.
    public func wireJSON() throws -> Data {
        var writer = SyncJSONWriter(capacity: 256 * max(changes.count, 1))
        try writer.write(self)
        return writer.data
    }
}

extension SyncDownloadPage {
    /// The page's JSON, as a server answers a download with it.
    public func wireJSON() throws -> Data {
        var writer = SyncJSONWriter(capacity: 256 * max(changes.count, 1))
        try writer.write(self)
        return writer.data
    }
}

extension SyncChange {
    /// The change's JSON, as a server's log keeps it.
    func wireJSON() throws -> Data {
        var writer = SyncJSONWriter()
        try writer.write(self)
        return writer.data
    }
}

extension SyncValue {
    /// The value's JSON, as a server keeps a model's property.
    func wireJSON() throws -> Data {
        var writer = SyncJSONWriter(capacity: 32)
        try writer.write(self)
        return writer.data
    }
}
