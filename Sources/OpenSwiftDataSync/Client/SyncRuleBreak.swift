import Foundation
import OpenSwiftData

/// Given the models a download changed, and the context it changed them in, the models
/// whose rules depend on them without changing with them (see
/// ``SyncClient/init(modelContainer:account:transport:schemaVersion:author:pageSize:changesPerUpload:modelsRuledByChanges:)``).
public typealias SyncRulesAcrossModels = @Sendable (_ changed: [any PersistentModel], _ context: ModelContext) throws -> [any PersistentModel]

/// A model that a download left breaking one of its own rules: its
/// ``ValidatingModel/validate()`` threw once the download was applied.
///
/// It comes of a value another device saved under other rules (an earlier app version,
/// or a clock running ahead), of a client that uploaded without the app's rules, or of
/// two devices' edits, each keeping the rules alone, that break them together (a sale
/// dated on one device before the acquired date the other set). The download is applied
/// all the same: the value is already on the server and on every device that synced, and
/// refusing it on one device would stop every later download there. The app shows the
/// model so that its user mends it; until then the app's own saves of it are refused by
/// the rule, as for any model.
public struct SyncRuleBreak: Hashable, Sendable {
    /// The model, in the client's container.
    public let model: PersistentIdentifier
    /// The model's sync ID, the same on every device.
    public let syncID: UUID
    /// What the rule said, in the words of the error `validate()` threw.
    public let reason: String

    /// A rule break with these parts.
    public init(model: PersistentIdentifier, syncID: UUID, reason: String) {
        self.model = model
        self.syncID = syncID
        self.reason = reason
    }

    /// The rules `models` break, each model once, in the order given.
    static func found(in models: [any PersistentModel], book: SyncBookkeeping) throws -> [SyncRuleBreak] {
        // Whether each type has rules, asked once a type: a download's models are mostly the
        // client's notes, which have none.
        var hasRules: [ObjectIdentifier: Bool] = [:]
        var seen = Set<PersistentIdentifier>()
        var found: [SyncRuleBreak] = []
        for model in models {
            let type = type(of: model)
            let ruled = hasRules[ObjectIdentifier(type)] ?? (type is any ValidatingModel.Type)
            hasRules[ObjectIdentifier(type)] = ruled
            guard ruled, model.modelContext != nil, !model.isDeleted, seen.insert(model.persistentModelID).inserted,
                  let validating = model as? any ValidatingModel else { continue }
            do {
                try validating.validate()
            } catch {
                let id = model.persistentModelID
                guard let record = try book.record(entity: id.entityName, rowID: id.rowID) else { continue }
                found.append(SyncRuleBreak(model: id, syncID: record.syncID, reason: Self.words(of: error)))
            }
        }
        return found
    }

    private static func words(of error: any Error) -> String {
        if let described = (error as? any LocalizedError)?.errorDescription { return described }
        return String(describing: error)
    }
}
