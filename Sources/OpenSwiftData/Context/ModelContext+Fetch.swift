import Foundation
import GRDB

extension ModelContext {
    /// The models the descriptor selects, in its order.
    public func fetch<T: PersistentModel>(_ descriptor: FetchDescriptor<T>) throws -> [T] {
        if autosaveEnabled, autosaveScheduled, !isMainContext { autosave() }
        let table = try store.table(for: T.self)
        let pending = descriptor.includePendingChanges && hasPendingChanges(for: T.self)
        let plan = QueryPlan(descriptor: descriptor, table: table, mergesPendingChanges: pending)
        var models: [T] = try fetchRows(T.self, table: table, sql: plan.sql, arguments: plan.arguments,
                                        columns: plan.columns, isPartial: plan.isPartial)
        if pending {
            var seen = Set(models.map(ObjectIdentifier.init))
            models.removeAll { $0._$backingState.status == .deleted }
            for model in inserted + changed {
                if let model = model as? T, model._$backingState.status != .deleted, seen.insert(ObjectIdentifier(model)).inserted {
                    models.append(model)
                }
            }
        }
        if plan.filtersInSwift, let predicate = descriptor.predicate {
            models = try models.filter { try predicate.evaluate($0) }
        }
        if plan.sortsInSwift, !descriptor.sortBy.isEmpty {
            models.sort { lhs, rhs in
                for sort in descriptor.sortBy {
                    switch sort.compare(lhs, rhs) {
                    case .orderedAscending: return true
                    case .orderedDescending: return false
                    case .orderedSame: continue
                    }
                }
                return false
            }
        }
        if plan.windowsInSwift {
            let offset = min(descriptor.fetchOffset ?? 0, models.count)
            let end = descriptor.fetchLimit.map { min(offset + $0, models.count) } ?? models.count
            models = Array(models[offset..<end])
        }
        try prefetch(descriptor.relationshipKeyPathsForPrefetching, of: models)
        return models
    }

    /// How many models the descriptor selects.
    public func fetchCount<T: PersistentModel>(_ descriptor: FetchDescriptor<T>) throws -> Int {
        let table = try store.table(for: T.self)
        let pending = descriptor.includePendingChanges && hasPendingChanges(for: T.self)
        let plan = QueryPlan(descriptor: descriptor, table: table, mergesPendingChanges: pending)
        if let countSQL = plan.countSQL {
            return try store.database.read { db in
                try Int.fetchOne(db, sql: countSQL, arguments: StatementArguments(plan.arguments)) ?? 0
            }
        }
        return try fetch(descriptor).count
    }

    /// The identifiers of the models the descriptor selects.
    public func fetchIdentifiers<T: PersistentModel>(_ descriptor: FetchDescriptor<T>) throws -> [PersistentIdentifier] {
        try fetch(descriptor).map(\.persistentModelID)
    }

    func hasPendingChanges(for type: any PersistentModel.Type) -> Bool {
        let id = ObjectIdentifier(type)
        return inserted.contains { ObjectIdentifier(Swift.type(of: $0)) == id }
            || deleted.contains { ObjectIdentifier(Swift.type(of: $0)) == id }
            || changed.contains { ObjectIdentifier(Swift.type(of: $0)) == id && $0._$backingState.isChanged }
    }

    /// Runs a SELECT of `table`'s columns and materialises each row, reusing the
    /// registered instance of rows this context already holds.
    func fetchRows<T: PersistentModel>(_ type: T.Type, table: EntityTable, sql: String, arguments: [DatabaseValue],
                                       columns: [Int32], isPartial: Bool = false) throws -> [T] {
        let registry = registry(for: T.self)
        return try store.database.read { db in
            try db.withStatement(sql) { statement in
                db.bind(arguments, to: statement)
                var result: [T] = []
                while try db.step(statement) {
                    let rowID = sqlite3_column_int64(statement, 0)
                    if let existing = registry.models[rowID] {
                        result.append(unsafeDowncast(existing, to: T.self))
                        continue
                    }
                    var reader = _ModelReader(statement: statement, columns: columns, entityName: table.name)
                    let model = try T(_$reader: &reader)
                    model._$backingState.context = self
                    model._$backingState.rowID = rowID
                    model._$backingState.status = .persistent
                    model._$backingState.isPartial = isPartial
                    registry.models[rowID] = model
                    result.append(model)
                }
                return result
            }
        }
    }

    func fetchModel<T: PersistentModel>(_ type: T.Type, rowID: Int64) throws -> T? {
        if let registered = registry(for: T.self).models[rowID] { return unsafeDowncast(registered, to: T.self) }
        guard rowID > 0 else { return nil }
        let table = try store.table(for: T.self)
        return try fetchRows(T.self, table: table, sql: table.selectSQL + " WHERE t.\"Z_PK\" = ?",
                             arguments: [rowID.databaseValue], columns: table.columnForProperty).first
    }

    func fetchAnyModel(_ type: any PersistentModel.Type, rowID: Int64) throws -> (any PersistentModel)? {
        func open<M: PersistentModel>(_ type: M.Type) throws -> (any PersistentModel)? { try fetchModel(type, rowID: rowID) }
        return try open(type)
    }
}
