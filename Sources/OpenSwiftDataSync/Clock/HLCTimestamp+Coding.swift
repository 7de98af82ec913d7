import Foundation

/// A moment's JSON is its text without the padding: `"1764745500123-0-<node>"`. The
/// object of earlier releases (`{"milliseconds":…,"counter":…,"node":…}`) is read too.
extension HLCTimestamp {
    private enum EarlierKey: String, CodingKey {
        case milliseconds, counter, node
    }

    /// The moment as its JSON writes it: ``description`` without the padding that makes it sort.
    var wireText: String { "\(milliseconds)-\(counter)-\(node.uuidString)" }

    public init(from decoder: any Decoder) throws {
        if let container = try? decoder.singleValueContainer(), let text = try? container.decode(String.self) {
            guard let moment = HLCTimestamp(text) else {
                throw DecodingError.dataCorruptedError(in: container, debugDescription: "\"\(text)\" is not a moment (milliseconds-counter-node).")
            }
            self = moment
            return
        }
        let earlier = try decoder.container(keyedBy: EarlierKey.self)
        let milliseconds = try earlier.decode(Int64.self, forKey: .milliseconds)
        guard (0...Self.latestMilliseconds).contains(milliseconds) else {
            throw DecodingError.dataCorruptedError(forKey: .milliseconds, in: earlier,
                                                   debugDescription: "\(milliseconds) is not a moment's milliseconds (from 1970 to the year 9999).")
        }
        self.init(milliseconds: milliseconds, counter: try earlier.decode(UInt32.self, forKey: .counter),
                  node: try earlier.decode(UUID.self, forKey: .node))
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(wireText)
    }
}
