import Foundation
import GRDB

/// One assignment of a batch update: an attribute and its new value.
public struct PropertyUpdate<T: PersistentModel> {
    let keyPath: AnyKeyPath
    let value: Any
    let apply: (T) -> Void

    /// Sets the attribute at `keyPath` to `value`.
    public static func set<Value>(_ keyPath: ReferenceWritableKeyPath<T, Value>, to value: Value) -> PropertyUpdate<T> {
        PropertyUpdate(keyPath: keyPath, value: value, apply: { $0[keyPath: keyPath] = value })
    }
}

// A batch update (SwiftData has none): set attributes on every stored row a
// predicate matches with one UPDATE statement, then bring the models this context
// has registered up to date, without marking them changed.
extension ModelContext {
    /// Sets the given attributes on every saved model of the type that the predicate
    /// selects (all when nil), in one statement, and returns how many were updated.
    ///
    /// It acts on the store, as of now: unsaved inserts are not updated, and unsaved
    /// changes of updated models to other attributes stay pending. Registered models
    /// that were updated take the new values. When part of the predicate runs in
    /// Swift, the matching rows are found first and updated by identifier.
    @discardableResult
    public func update<T: PersistentModel>(_ type: T.Type = T.self, where predicate: Predicate<T>? = nil,
                                           set updates: [PropertyUpdate<T>]) throws -> Int {
        guard !updates.isEmpty else { return 0 }
        if let unsupported = unsupportedByCustomStore("A batch update") { throw unsupported }
        if !configurationAllowsSave { throw OpenSwiftDataError.saveNotAllowed(configuration: store.configuration.name) }
        let table = try store.table(for: T.self)
        var assignments: [String] = []
        var names: [String] = []
        var values: [DatabaseValue] = []
        for update in updates {
            guard let property = table.entity.storedPropertiesByKeyPath[update.keyPath], let attribute = property.attribute else {
                throw OpenSwiftDataError.unsupportedQuery("update: \(update.keyPath) is not a persisted attribute of \(table.name); relationships change through their models")
            }
            do {
                values.append(try attribute.codec.encode(update.value).databaseValue)
            } catch {
                throw OpenSwiftDataError.invalidValue(entity: table.name, property: property.name, reason: "\(error)")
            }
            assignments.append("\(property.name.quotedIdentifier) = ?")
            if !names.contains(property.name) { names.append(property.name) }
        }
        var descriptor = FetchDescriptor<T>(predicate: predicate)
        descriptor.includePendingChanges = false
        let plan = try queryPlan(for: descriptor, table: table)
        let prefix = "UPDATE \(table.name.quotedIdentifier) SET \(assignments.joined(separator: ", ")) WHERE \"Z_PK\" IN "
        let sql: String
        let arguments: [DatabaseValue]
        if plan.filtersInSwift, let predicate {
            let stored = try fetch(descriptor).filter { try predicate.evaluate($0) }
            sql = prefix + "(SELECT value FROM json_each(?)) RETURNING \"Z_PK\""
            arguments = values + [JSONArgument.ids(stored.map { $0._$backingState.rowID })]
        } else {
            sql = prefix + "(SELECT t.\"Z_PK\"" + plan.fromWhere.sql + ") RETURNING \"Z_PK\""
            arguments = values + plan.arguments
        }
        let updated: [Int64] = try store.write(touching: [table.name]) { db in
            var history = try HistoryRecorder(store: store, author: author, db)
            if plan.usesFunctions { SQLFunctions.install(in: db) }
            let rowIDs = try Int64.fetchAll(db, sql: sql, arguments: StatementArguments(arguments))
            try history.recordUpdates(entity: table.name, rowIDs: rowIDs, properties: names, db)
            try history.finish(db)
            return rowIDs
        }
        // Registered models take the stored values, without becoming changed.
        let registry = registry(for: T.self)
        for rowID in updated {
            guard let model = registry.models[rowID] as? T, model._$backingState.status == .persistent else { continue }
            let wasChanged = model._$backingState.isChanged
            // The store already holds the values: no observer runs, nothing to undo.
            withoutUndoRegistration { _PropertyObservers.suppressing { for update in updates { update.apply(model) } } }
            if !wasChanged && model._$backingState.isChanged {
                model._$backingState.isChanged = false
                changed.removeAll { $0 === model }
            }
        }
        return updated.count
    }

    private var configurationAllowsSave: Bool { store.configuration.allowsSave }
}
