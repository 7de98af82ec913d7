import CommandLineSupport
import OpenSwiftDataSync

/// What the server checks of an uploaded batch before its sync log takes it: a change
/// that names an entity or property the app does not have, gives a relationship a
/// plain value (or an attribute a model), or is a merge (which only the server makes)
/// would be handed to every device of the account, and fail there.
struct SyncBatchCheck: Sendable {
    let schema: SyncedSchema
    /// The app's name, for the refusals.
    let appName: String

    /// Throws a 400 naming the first change the devices could not apply. Nothing is changed.
    func check(_ batch: SyncUploadBatch) throws {
        for (index, change) in batch.changes.enumerated() {
            let place = "Change \(index + 1) of the batch"
            guard let rules = schema.rules[change.entityName] else {
                let known = schema.rules.keys.sorted().joined(separator: ", ")
                throw Self.refusal("\(place) is of \"\(TerminalText.quoted(change.entityName))\", which is no \(appName) model; the models are \(known).")
            }
            if change.kind == .merge {
                throw Self.refusal("\(place) is a merge, which only the server makes: send inserts, updates and deletes.")
            }
            if change.kind == .delete, change.deletedAt == nil {
                throw Self.refusal("\(place) deletes \(change.entityName) \(change.syncID) without the moment of the delete (deletedAt).")
            }
            if change.kind == .insert, let missing = schema.requiredAttributes(of: change.entityName).filter({ change.values[$0] == nil }).first {
                throw Self.refusal("\(place) inserts \(change.entityName) \(change.syncID) without its \(missing), which every \(change.entityName) has: "
                                   + "an insert gives every field of the new model.")
            }
            for (name, stamped) in change.values {
                guard let rule = rules[name] else {
                    throw Self.refusal("\(place) sets \(change.entityName).\(TerminalText.quoted(name)), which \(change.entityName) does not have.")
                }
                switch (rule, stamped.value) {
                case (.attribute, .reference), (.attribute, .references):
                    throw Self.refusal("\(place) gives \(change.entityName).\(name), a value, the sync IDs of models.")
                case (.toOne, .reference), (.toOne, .null), (.toMany, .references), (.members, .references):
                    continue
                case (.attribute, _):
                    guard schema.accepts(stamped.value, entity: change.entityName, property: name) else {
                        throw Self.refusal("\(place) gives \(change.entityName).\(name) \(Self.described(stamped.value)), "
                                           + "which is not a value \(change.entityName).\(name) can hold: send a value of its kind.")
                    }
                default:
                    throw Self.refusal("\(place) gives \(change.entityName).\(name), a relationship, something other than the sync IDs of models.")
                }
            }
        }
    }

    /// A value as the refusal names it: its kind, and a short form of it.
    private static func described(_ value: SyncValue) -> String {
        switch value {
        case .null: "no value"
        case .integer(let number): "the whole number \(number)"
        case .real(let number): "the number \(number)"
        case .text(let text): "the text \"\(TerminalText.shortened(text, to: 40))\""
        case .bytes(let data): "\(data.count) bytes"
        case .reference, .references: "models"
        }
    }

    private static func refusal(_ sentence: String) -> APIProblem {
        APIProblem(status: .badRequest, message: sentence + " Nothing was changed.")
    }
}
