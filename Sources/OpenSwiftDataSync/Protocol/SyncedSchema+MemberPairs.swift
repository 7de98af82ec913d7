import Foundation

/// The names under which a many-to-many relationship's members travel.
///
/// Each (owner, member) pair is a value of the owner of its own, named
/// `relationship+<member's sync ID>`, holding 1 while the member is one and 0 once it
/// was taken out, each with the moment it was written: the later write of each pair
/// wins, so members added on two devices both stay, and a removal wins over an earlier
/// addition of the same member. No property name holds a `+`, so a pair's name is
/// never a property's.
extension SyncedSchema {
    /// The value of a pair that is a member.
    public static let isMember = SyncValue.integer(1)
    /// The value of a pair that is not (any more).
    public static let isNotMember = SyncValue.integer(0)

    /// The name of the pair of `relationship` and the model whose sync ID is `member`.
    public static func memberPairName(_ relationship: String, member: UUID) -> String {
        relationship + "+" + member.uuidString
    }

    /// The relationship and member a pair's name names, whatever the schema; nil for
    /// a name that is not one (the member's sync ID in another spelling is not).
    public static func memberPair(_ name: String) -> (relationship: String, member: UUID)? {
        guard let plus = name.lastIndex(of: "+") else { return nil }
        let relationship = String(name[..<plus]), spelled = String(name[name.index(after: plus)...])
        guard !relationship.isEmpty, let member = UUID(uuidString: spelled), member.uuidString == spelled else { return nil }
        return (relationship, member)
    }

    /// The many-to-many relationship of `entity` and the member a pair's name names;
    /// nil when the name is not a pair of one of its many-to-many relationships.
    public func memberPair(_ name: String, of entity: String) -> (relationship: String, member: UUID)? {
        guard let pair = Self.memberPair(name), case .manyToMany = rules[entity]?[pair.relationship] else { return nil }
        return pair
    }

    /// The members a relationship's pairs make, from each pair's value.
    static func members(ofPairs values: [String: SyncValue], relationship: String) -> [UUID] {
        values.compactMap { name, value in
            guard value == isMember, let pair = memberPair(name), pair.relationship == relationship else { return nil }
            return pair.member
        }
    }
}
