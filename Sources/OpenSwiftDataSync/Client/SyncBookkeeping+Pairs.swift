import Foundation
import OpenSwiftData

// What a device last uploaded or applied of the relationships whose two sides are
// related pair by pair: a one-to-one side's model, a many-to-many relationship's members.
// Both are kept in the `order` of the clock rows the writes note.
extension SyncBookkeeping {
    /// The model a one-to-one side named at its last write, uploaded or applied: what
    /// the other devices hold of it, whether or not the other side names this model back.
    func lastWrittenPartner(of syncID: UUID, _ property: String) throws -> UUID? {
        try order(of: syncID, property).first
    }

    /// Notes a pair of a many-to-many relationship written at `moment`: member or not.
    func noteMemberPair(of owner: UUID, _ relationship: String, member: UUID, isMember: Bool, at moment: HLCTimestamp) throws {
        try noteWrite(of: owner, SyncedSchema.memberPairName(relationship, member: member), at: moment, order: isMember ? [member] : [])
    }

    /// The live members of a many-to-many relationship as its pairs were last uploaded or applied.
    func lastWrittenMembers(of owner: UUID, _ relationship: String) throws -> Set<UUID> {
        var members = Set<UUID>()
        for name in try propertyNames(of: owner) {
            guard let pair = SyncedSchema.memberPair(name), pair.relationship == relationship,
                  try !order(of: owner, name).isEmpty else { continue }
            members.insert(pair.member)
        }
        try load(syncIDs: members)
        return try members.filter { try record(syncID: $0).map { !$0.isGone } ?? false }
    }

    /// The owners whose pair of `relationship` last made `member` one of its members.
    func ownersLastNaming(member: UUID, in relationship: String) throws -> [UUID] {
        let name = SyncedSchema.memberPairName(relationship, member: member)
        var owners = Set(try context.fetch(FetchDescriptor<SyncPropertyClock>(predicate: #Predicate { $0.property == name })).map(\.syncID))
        owners.formUnion(cachedClockOwners(named: name))
        try load(syncIDs: owners)
        return try owners.filter { try order(of: $0, name) == [member] }.sorted { $0.uuidString < $1.uuidString }
    }
}
