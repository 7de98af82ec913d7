import Foundation
import GRDB

extension ModelContext {
    /// The models the descriptor selects, in its order.
    ///
    /// The predicate and sort run in SQL wherever SQL can express them (see
    /// `explain(_:)`); the rest runs in Swift on the rows SQL returns. With
    /// `includePendingChanges` (the default), unsaved inserts, changes and
    /// deletions of this context are reflected.
    public func fetch<T: PersistentModel>(_ descriptor: FetchDescriptor<T>) throws -> [T] {
        try throwDeferredLoadFailure()
        if autosaveEnabled, autosaveScheduled, !isMainContext { autosave() }
        // A fetch sees what pending deletions take with them, as SwiftData's does. A
        // `.deny` that refuses is left for `save()` to report.
        if descriptor.includePendingChanges, deleteRulesAppliedCount < deleted.count { try? applyDeleteRules() }
        if let customStore { return try fetchFromCustomStore(descriptor, customStore) }
        let table = try store.table(for: T.self)
        let plan = try queryPlan(for: descriptor, table: table)
        plan.logFallback(entity: table.name)
        var models: [T] = try fetchRows(T.self, table: table, sql: plan.sql, arguments: plan.arguments,
                                        columns: plan.columns, isPartial: plan.isPartial, usesFunctions: plan.usesFunctions)
        if plan.mergesPendingChanges {
            var seen = Set(models.map(ObjectIdentifier.init))
            models.removeAll { $0._$backingState.status == .deleted || goesWithPendingStoreCascade($0) }
            for model in inserted + changed {
                if let model = model as? T, model._$backingState.status != .deleted, seen.insert(ObjectIdentifier(model)).inserted {
                    models.append(model)
                }
            }
        }
        if let predicate = descriptor.predicate {
            if plan.filtersInSwift {
                models = try models.filter { try predicate.evaluate($0) }
            } else if plan.mergesPendingChanges {
                // SQL matched the stored rows; models changed or inserted since are checked as they are now.
                models = try models.filter { model in
                    let state = model._$backingState
                    return state.status == .inserted || state.isChanged ? try predicate.evaluate(model) : true
                }
            }
        }
        if plan.sortsInSwift, !descriptor.sortBy.isEmpty {
            models.sort(by: descriptor.sortBy)
        }
        if plan.windowsInSwift {
            let offset = min(max(descriptor.fetchOffset ?? 0, 0), models.count)
            let end = descriptor.fetchLimit.map { min(offset + max($0, 0), models.count) } ?? models.count
            models = Array(models[offset..<end])
        }
        try prefetch(descriptor.relationshipKeyPathsForPrefetching, of: models)
        return models
    }

    /// How many models the descriptor selects, counted by SQLite when it can.
    public func fetchCount<T: PersistentModel>(_ descriptor: FetchDescriptor<T>) throws -> Int {
        if let customStore { return try fetchCountFromCustomStore(descriptor, customStore) }
        let table = try store.table(for: T.self)
        let plan = try queryPlan(for: descriptor, table: table)
        if let countSQL = plan.countSQL {
            return try store.read { db in
                if plan.usesFunctions { SQLFunctions.install(in: db) }
                return try Int.fetchOne(db, sql: countSQL, arguments: StatementArguments(plan.arguments)) ?? 0
            }
        }
        var unwindowed = descriptor
        unwindowed.relationshipKeyPathsForPrefetching = []
        return try fetch(unwindowed).count
    }

    /// The identifiers of the models the descriptor selects, without materialising
    /// them when SQL alone answers.
    public func fetchIdentifiers<T: PersistentModel>(_ descriptor: FetchDescriptor<T>) throws -> [PersistentIdentifier] {
        if let customStore { return try fetchIdentifiersFromCustomStore(descriptor, customStore) }
        let table = try store.table(for: T.self)
        let plan = try queryPlan(for: descriptor, table: table)
        guard plan.isSQLOnly else {
            var plain = descriptor
            plain.relationshipKeyPathsForPrefetching = []
            return try fetch(plain).map(\.persistentModelID)
        }
        let rowIDs = try fetchRowIDs(sql: plan.identifierSQL, arguments: plan.arguments, usesFunctions: plan.usesFunctions)
        let storeIdentifier = container.storeIdentifier
        return rowIDs.map { PersistentIdentifier(entityName: table.name, storeIdentifier: storeIdentifier, rowID: $0) }
    }

    /// How `fetch(descriptor)` will run: its SQL, and what it leaves to Swift and why.
    public func explain<T: PersistentModel>(_ descriptor: FetchDescriptor<T>) throws -> FetchExplanation {
        if let unsupported = unsupportedByCustomStore("Explaining a fetch's SQL") { throw unsupported }
        return FetchExplanation(try queryPlan(for: descriptor, table: store.table(for: T.self)))
    }

    func queryPlan<T: PersistentModel>(for descriptor: FetchDescriptor<T>, table: EntityTable) throws -> QueryPlan {
        guard descriptor.includePendingChanges else {
            return try QueryPlan(descriptor: descriptor, table: table, store: store, pendingTables: [])
        }
        var pending = pendingEntityNames
        // Children a pending store cascade will delete are in the store, not in memory:
        // their fetch merges, so that they can be left out.
        for cascade in pendingStoreCascades {
            if let child = try? store.table(for: cascade.relationship.destinationType) { pending.insert(child.name) }
        }
        return try QueryPlan(descriptor: descriptor, table: table, store: store, pendingTables: pending)
    }

    /// True when a pending delete's store cascade (see `cascadesInStore`) will delete
    /// models of the entity at the next save.
    func goesWithPendingStoreCascades(_ entityName: String) -> Bool {
        pendingStoreCascades.contains { $0.relationship.destination == entityName }
    }

    /// True when a pending delete's store cascade (see `cascadesInStore`) will delete
    /// `model` at the next save.
    func goesWithPendingStoreCascade(_ model: any PersistentModel) -> Bool {
        guard !pendingStoreCascades.isEmpty else { return false }
        let type = ObjectIdentifier(Swift.type(of: model))
        for cascade in pendingStoreCascades where ObjectIdentifier(cascade.relationship.destinationType) == type {
            guard let parent = cascade.relationship.inverse?.access.get(model).first as? any PersistentModel else { continue }
            if parent._$backingState.status == .deleted { return true }
        }
        return false
    }

    /// The first column of each row of a SELECT.
    func fetchRowIDs(sql: String, arguments: [DatabaseValue], usesFunctions: Bool = false) throws -> [Int64] {
        try store.read { db in
            if usesFunctions { SQLFunctions.install(in: db) }
            return try db.rowIDs(sql, arguments: arguments)
        }
    }

    /// Runs a SELECT of `table`'s columns and materialises each row, reusing the
    /// registered instance of rows this context already holds.
    func fetchRows<T: PersistentModel>(_ type: T.Type, table: EntityTable, sql: String, arguments: [DatabaseValue],
                                       columns: [Int32], isPartial: Bool = false, usesFunctions: Bool = false) throws -> [T] {
        if table.entityColumn >= 0 {
            return try fetchHierarchyRows(T.self, table: table, sql: sql, arguments: arguments, usesFunctions: usesFunctions)
        }
        let registry = registry(for: T.self)
        return try store.read { db in
            if usesFunctions { SQLFunctions.install(in: db) }
            return try db.withStatement(sql) { statement in
                db.bind(arguments, to: statement)
                var result = FetchedModels()
                // The registry is taken out of its class for the loop: a local map
                // is mutated in place, without an exclusivity check per row.
                var models = registry.models
                registry.models = IdentityMap()
                defer { registry.models = models }
                let generation = try store.generation(seenBy: db)
                var state = _ModelBackingState()
                state.context = self
                state.status = .persistent
                state.isPartial = isPartial
                state.generation = generation
                // One reader for every row, rewound per row: creating one per row
                // retained and released its column list and entity name each time.
                var reader = _ModelReader(statement: statement, columns: columns, entityName: table.name)
                while try db.step(statement) {
                    let rowID = sqlite3_column_int64(statement, 0)
                    if let existing = models[rowID] {
                        let model = unsafeDowncast(existing, to: T.self)
                        if model._$backingState.generation != generation {
                            try refresh(model, from: reader, entity: table.entity, generation: generation)
                        }
                        result.append(existing)
                        continue
                    }
                    reader.property = 0
                    let model = try T(_$reader: &reader)
                    state.rowID = rowID
                    model._$backingState = state
                    models[rowID] = model
                    result.append(model)
                }
                return result.array(of: T.self)
            }
        }
    }

    /// `fetchRows` for an entity with subentities: each row becomes a model of the
    /// class its `Z_ENT` names (the root's when NULL), read with that entity's columns.
    private func fetchHierarchyRows<T: PersistentModel>(_ type: T.Type, table: EntityTable, sql: String, arguments: [DatabaseValue],
                                                        usesFunctions: Bool) throws -> [T] {
        let registry = registry(for: T.self)
        var readers: [String: (type: T.Type, reader: _ModelReader)] = [:]
        return try store.read { db in
            if usesFunctions { SQLFunctions.install(in: db) }
            return try db.withStatement(sql) { statement in
                db.bind(arguments, to: statement)
                var result: [T] = []
                let generation = try store.generation(seenBy: db)
                let tableReader = _ModelReader(statement: statement, columns: table.columnForProperty, entityName: table.name)
                while try db.step(statement) {
                    let rowID = sqlite3_column_int64(statement, 0)
                    if let existing = registry.models[rowID] as? T {
                        if existing._$backingState.generation != generation {
                            try refresh(existing, from: tableReader, entity: table.entity, generation: generation)
                        }
                        result.append(existing)
                        continue
                    }
                    let entityName = sqlite3_column_text(statement, table.entityColumn).map { String(cString: $0) } ?? table.family[0].rootEntity.name
                    if readers[entityName] == nil {
                        guard let member = table.family.first(where: { $0.name == entityName }),
                              let memberType = member.modelType as? T.Type, let columns = table.columnsByEntity[entityName] else {
                            throw OpenSwiftDataError.corruptValue(entity: table.entity.name, property: "Z_ENT",
                                                                  reason: "row \(rowID) is of the entity \"\(entityName)\", which is not \(table.entity.name) or one of its subentities in this schema")
                        }
                        readers[entityName] = (memberType, _ModelReader(statement: statement, columns: columns, entityName: entityName))
                    }
                    guard var entry = readers[entityName] else { continue }
                    entry.reader.property = 0
                    let model = try entry.type.init(_$reader: &entry.reader)
                    var state = _ModelBackingState()
                    state.context = self
                    state.status = .persistent
                    state.generation = generation
                    state.rowID = rowID
                    model._$backingState = state
                    registry.models[rowID] = model
                    result.append(model)
                }
                return result
            }
        }
    }

    /// The model of a row: the registered one if this context holds it (refreshed
    /// first when `refreshing` and the store changed since it was read), else read
    /// from the store.
    func fetchModel<T: PersistentModel>(_ type: T.Type, rowID: Int64, refreshing: Bool = false) throws -> T? {
        guard rowID > 0 else {
            return inserted.first { $0._$backingState.rowID == rowID } as? T
        }
        if let registered = registry(for: T.self).models[rowID] {
            // A hierarchy's registry holds every class of it: a row of another class is not a `T`.
            guard let model = registered as? T else { return nil }
            guard refreshing, model._$backingState.isTrackedAsUnchanged else { return model }
        }
        if let customStore { return try customStoreModel(T.self, rowID: rowID, customStore) }
        let table = try store.table(for: T.self)
        return try fetchRows(T.self, table: table, sql: table.selectSQL + " WHERE t.\"Z_PK\" = ?",
                             arguments: [rowID.databaseValue], columns: table.columnForProperty).first
    }

    func fetchAnyModel(_ type: any PersistentModel.Type, rowID: Int64, refreshing: Bool = false) throws -> (any PersistentModel)? {
        func open<M: PersistentModel>(_ type: M.Type) throws -> (any PersistentModel)? {
            try fetchModel(type, rowID: rowID, refreshing: refreshing)
        }
        return try open(type)
    }
}
