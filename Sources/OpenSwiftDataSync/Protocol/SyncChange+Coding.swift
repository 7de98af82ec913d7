import Foundation

/// A change's JSON names its moment once (`"at"`, the moment most of its values were
/// written, which is all of them for a change made in one save) and each value that was
/// written at another moment carries its own:
///
/// ```json
/// {"entity":"Card","id":"…","kind":"update","at":"1764745500123-0-<node>",
///  "values":{"price":{"r":12.5},"quantity":{"i":3}}}
/// ```
///
/// The longer form of earlier releases (`entityName`, `syncID`, a clock object on every
/// value), which servers may still hold in their logs, is read too.
extension SyncChange {
    private enum WireKey: String, CodingKey {
        case entity, id, kind, at, values, deletedAt, uniqueKeys, mergedInto
    }

    private enum EarlierKey: String, CodingKey {
        case entityName, syncID
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: WireKey.self)
        let earlier = try decoder.container(keyedBy: EarlierKey.self)
        if earlier.contains(.syncID) {
            entityName = try earlier.decode(String.self, forKey: .entityName)
            syncID = try earlier.decode(UUID.self, forKey: .syncID)
        } else {
            entityName = try container.decode(String.self, forKey: .entity)
            syncID = try container.decode(UUID.self, forKey: .id)
        }
        kind = try container.decode(Kind.self, forKey: .kind)
        let shared = try container.decodeIfPresent(HLCTimestamp.self, forKey: .at)
        let wire = try container.decodeIfPresent([String: SyncStampedValue.Wire].self, forKey: .values) ?? [:]
        values = try wire.mapValues { value in
            guard let clock = value.clock ?? shared else {
                throw DecodingError.dataCorruptedError(forKey: .values, in: container,
                                                       debugDescription: "a value has no moment, and the change names none.")
            }
            return SyncStampedValue(value.value, at: clock)
        }
        deletedAt = try container.decodeIfPresent(HLCTimestamp.self, forKey: .deletedAt)
        uniqueKeys = try container.decodeIfPresent([String].self, forKey: .uniqueKeys) ?? []
        mergedInto = try container.decodeIfPresent(UUID.self, forKey: .mergedInto)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: WireKey.self)
        try container.encode(entityName, forKey: .entity)
        try container.encode(syncID, forKey: .id)
        try container.encode(kind, forKey: .kind)
        let shared = sharedClock
        try container.encodeIfPresent(shared, forKey: .at)
        if !values.isEmpty {
            try container.encode(values.mapValues { SyncStampedValue.Wire(value: $0.value, clock: $0.clock == shared ? nil : $0.clock) },
                                 forKey: .values)
        }
        try container.encodeIfPresent(deletedAt, forKey: .deletedAt)
        if !uniqueKeys.isEmpty { try container.encode(uniqueKeys, forKey: .uniqueKeys) }
        try container.encodeIfPresent(mergedInto, forKey: .mergedInto)
    }

    /// The moment most values were written at (the latest of those tied), named once for all of them.
    var sharedClock: HLCTimestamp? {
        // A change made in one save has one moment: no count is needed.
        if let first = values.first?.value.clock, values.allSatisfy({ $0.value.clock == first }) { return first }
        var counts: [HLCTimestamp: Int] = [:]
        for stamped in values.values { counts[stamped.clock, default: 0] += 1 }
        return counts.max { ($0.value, $0.key) < ($1.value, $1.key) }?.key
    }
}

/// A stamped value's JSON is its value's object with its moment added (`"at"`); the
/// `{"value":…,"clock":…}` of earlier releases is read too.
extension SyncStampedValue {
    /// A value as a change's JSON holds it: with its moment, or without when it is the change's.
    struct Wire: Codable {
        let value: SyncValue
        let clock: HLCTimestamp?

        private enum Key: String, CodingKey {
            case at
        }

        private enum EarlierKey: String, CodingKey {
            case value, clock
        }

        init(value: SyncValue, clock: HLCTimestamp?) {
            self.value = value
            self.clock = clock
        }

        init(from decoder: any Decoder) throws {
            let earlier = try decoder.container(keyedBy: EarlierKey.self)
            if earlier.contains(.value) {
                value = try earlier.decode(SyncValue.self, forKey: .value)
                clock = try earlier.decode(HLCTimestamp.self, forKey: .clock)
            } else {
                value = try SyncValue(from: decoder)
                clock = try decoder.container(keyedBy: Key.self).decodeIfPresent(HLCTimestamp.self, forKey: .at)
            }
        }

        func encode(to encoder: any Encoder) throws {
            try value.encode(to: encoder)
            var container = encoder.container(keyedBy: Key.self)
            try container.encodeIfPresent(clock, forKey: .at)
        }
    }

    public init(from decoder: any Decoder) throws {
        let wire = try Wire(from: decoder)
        guard let clock = wire.clock else {
            throw DecodingError.dataCorrupted(DecodingError.Context(codingPath: decoder.codingPath, debugDescription: "a value has no moment."))
        }
        self.init(wire.value, at: clock)
    }

    public func encode(to encoder: any Encoder) throws {
        try Wire(value: value, clock: clock).encode(to: encoder)
    }
}
