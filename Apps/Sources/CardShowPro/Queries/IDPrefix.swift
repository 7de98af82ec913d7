import Foundation

/// The IDs a typed start of one can begin: `4F2A91C0` stands for every ID from
/// `4F2A91C0-0000-0000-0000-000000000000` to `4F2A91C0-FFFF-FFFF-FFFF-FFFFFFFFFFFF`, a range the
/// store answers from its index of IDs where a search of every ID's text read every model.
enum IDPrefix {
    private static let lowest = "00000000-0000-0000-0000-000000000000"
    private static let highest = "FFFFFFFF-FFFF-FFFF-FFFF-FFFFFFFFFFFF"

    /// The IDs beginning with `prefix` (in capitals), or nil when no ID can begin so: a letter
    /// past F, or a character where an ID has a hyphen.
    static func range(of prefix: String) -> ClosedRange<UUID>? {
        let characters = Array(prefix)
        guard characters.count <= lowest.count else { return nil }
        for (character, shape) in zip(characters, lowest) {
            guard shape == "-" ? character == "-" : character.isHexDigit && character.isASCII && !character.isLowercase else { return nil }
        }
        guard let low = UUID(uuidString: prefix + lowest.dropFirst(characters.count)),
              let high = UUID(uuidString: prefix + highest.dropFirst(characters.count)) else { return nil }
        return low...high
    }
}
