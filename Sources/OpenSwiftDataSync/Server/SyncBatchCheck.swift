import Foundation

/// What a server checks of an uploaded batch, by the app's schema, before its log takes
/// it: a change that names an entity or property the app does not have, gives a
/// relationship a plain value (or an attribute a model or a value it cannot hold),
/// inserts a model without a field every model of its entity has, or is a merge (which
/// only the server makes) would be handed to every device of the account, and stop
/// each one's sync there.
struct SyncBatchCheck: Sendable {
    let schema: SyncedSchema

    /// Throws ``SyncError/invalidChange(_:)`` naming the first change the devices could not apply.
    func check(_ batch: SyncUploadBatch) throws {
        for (index, change) in batch.changes.enumerated() {
            let place = "change \(index + 1) of the batch"
            guard let rules = schema.rules[change.entityName] else {
                let known = schema.rules.keys.sorted().joined(separator: ", ")
                throw SyncError.invalidChange("\(place) is of \"\(Self.escaped(change.entityName))\", which is no model this server syncs; the models are \(known).")
            }
            if change.kind == .merge {
                throw SyncError.invalidChange("\(place) is a merge, which only the server makes: send inserts, updates and deletes.")
            }
            if change.kind == .delete, change.deletedAt == nil {
                throw SyncError.invalidChange("\(place) deletes \(change.entityName) \(change.syncID) without the moment of the delete (deletedAt).")
            }
            if change.kind == .insert, let missing = schema.missingRequiredProperty(of: change) {
                throw SyncError.invalidChange("\(place) inserts \(change.entityName) \(change.syncID) without its \(missing), which every \(change.entityName) has: "
                                              + "an insert gives every field of the new model.")
            }
            for (name, stamped) in change.values {
                if let pair = schema.memberPair(name, of: change.entityName) {
                    guard stamped.value == SyncedSchema.isMember || stamped.value == SyncedSchema.isNotMember else {
                        throw SyncError.invalidChange("\(place) gives \(change.entityName).\(pair.relationship)'s member \(pair.member) "
                                                      + "\(Self.described(stamped.value)): a member's value is 1 (a member) or 0 (not one).")
                    }
                    continue
                }
                guard let rule = rules[name] else {
                    throw SyncError.invalidChange("\(place) sets \(change.entityName).\(Self.escaped(name)), which \(change.entityName) does not have"
                                                  + Self.pairAdvice(name, rules: rules) + ".")
                }
                if stamped.value == .null, let destination = schema.requiredToOnes[change.entityName]?[name] {
                    throw SyncError.invalidChange("\(place) gives \(change.entityName).\(name) no \(destination), which every \(change.entityName) names: "
                                                  + "send the sync ID of the \(destination) it names.")
                }
                switch (rule, stamped.value) {
                case (.keptByInverse(let destination, let inverse), _):
                    throw SyncError.invalidChange("\(place) sets \(change.entityName).\(name), which sync keeps from its inverse \(destination).\(inverse): "
                                                  + "send the change as one of \(destination).\(inverse)'s members.")
                case (.attribute, .reference), (.attribute, .references):
                    throw SyncError.invalidChange("\(place) gives \(change.entityName).\(name), a value, the sync IDs of models.")
                case (.toOne, .reference), (.toOne, .null), (.oneToOne, .reference), (.oneToOne, .null),
                     (.toMany, .references), (.members, .references), (.manyToMany, .references):
                    continue
                case (.attribute, _):
                    guard schema.accepts(stamped.value, entity: change.entityName, property: name) else {
                        throw SyncError.invalidChange("\(place) gives \(change.entityName).\(name) \(Self.described(stamped.value)), "
                                                      + "which is not a value \(change.entityName).\(name) can hold: send a value of its kind.")
                    }
                default:
                    throw SyncError.invalidChange("\(place) gives \(change.entityName).\(name), a relationship, something other than the sync IDs of models.")
                }
            }
        }
    }

    /// For a name that looks like a member of a many-to-many relationship, what such a
    /// name must be; nothing for any other name.
    private static func pairAdvice(_ name: String, rules: [String: SyncedSchema.Rule]) -> String {
        guard let plus = name.lastIndex(of: "+") else { return "" }
        let relationship = String(name[..<plus])
        guard case .manyToMany = rules[relationship] else { return "" }
        return ": a member of \(relationship) is named \(relationship)+ followed by the member's sync ID in capitals "
            + "(\(relationship)+E621E1F8-C36C-495A-93FC-0C247A3E6E5F)"
    }

    /// A value as a refusal names it: its kind, and a short form of it.
    private static func described(_ value: SyncValue) -> String {
        switch value {
        case .null: "no value"
        case .integer(let number): "the whole number \(number)"
        case .real(let number): "the number \(number)"
        case .text(let text): "the text \"\(escaped(text))\""
        case .bytes(let data): "\(data.count) bytes"
        case .reference, .references: "models"
        }
    }

    /// A name or text a device sent with its control characters and quotes escaped, cut
    /// to 40 characters, so that a refusal stays one readable line.
    private static func escaped(_ text: String) -> String {
        let shortened = text.count > 40 ? String(text.prefix(39)) + "…" : text
        return String(String(reflecting: shortened).dropFirst().dropLast())
    }
}
