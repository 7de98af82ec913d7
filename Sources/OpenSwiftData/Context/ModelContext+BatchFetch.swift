import Foundation
import GRDB

// Fetching many models without holding them all: lazily loaded results,
// enumeration in batches, and deletion by predicate.
extension ModelContext {
    /// The models the descriptor selects, as a collection that loads them
    /// `batchSize` at a time when they are first accessed.
    public func fetch<T: PersistentModel>(_ descriptor: FetchDescriptor<T>, batchSize: Int) throws -> FetchResultsCollection<T> {
        if customStore != nil { return FetchResultsCollection(models: try fetch(descriptor)) }
        let table = try store.table(for: T.self)
        let plan = try queryPlan(for: descriptor, table: table)
        guard plan.isSQLOnly else {
            return FetchResultsCollection(models: try fetch(descriptor))
        }
        let rowIDs = try fetchRowIDs(sql: plan.identifierSQL, arguments: plan.arguments, usesFunctions: plan.usesFunctions)
        return FetchResultsCollection(context: self, table: table, rowIDs: rowIDs, columns: plan.columns, isPartial: plan.isPartial,
                                      batchSize: batchSize, prefetch: descriptor.relationshipKeyPathsForPrefetching)
    }

    /// The identifiers of the models the descriptor selects, in its order, as a
    /// collection that makes them `batchSize` at a time when they are first accessed.
    ///
    /// The identifiers are those `fetchIdentifiers(_:)` returns; the models are not
    /// loaded. A `batchSize` below 1 is taken as 1.
    public func fetchIdentifiers<T: PersistentModel>(_ descriptor: FetchDescriptor<T>, batchSize: Int)
        throws -> FetchResultsCollection<PersistentIdentifier> {
        if customStore != nil { return FetchResultsCollection(elements: try fetchIdentifiers(descriptor)) }
        let table = try store.table(for: T.self)
        let plan = try queryPlan(for: descriptor, table: table)
        guard plan.isSQLOnly else {
            return FetchResultsCollection(elements: try fetchIdentifiers(descriptor))
        }
        let rowIDs = try fetchRowIDs(sql: plan.identifierSQL, arguments: plan.arguments, usesFunctions: plan.usesFunctions)
        return FetchResultsCollection(storage: IdentifierBatchStorage(rowIDs: rowIDs, batchSize: batchSize, entityName: table.name,
                                                                      storeIdentifier: container.storeIdentifier))
    }

    /// Calls `block` with each model the descriptor selects, loading them
    /// `batchSize` at a time.
    ///
    /// Models of a batch that the block left unchanged, and that nothing else holds,
    /// are released from the context after the batch, so memory stays bounded by the
    /// batch. With `allowEscapingMutations` false (the default), a block that leaves
    /// unsaved changes behind makes `enumerate` throw after that batch: save inside
    /// the block, or pass true to keep the changes for a later `save()`.
    public func enumerate<T: PersistentModel>(_ descriptor: FetchDescriptor<T>, batchSize: Int = 5000,
                                              allowEscapingMutations: Bool = false, block: (T) throws -> Void) throws {
        let hadChanges = hasChanges
        let results = try fetch(descriptor, batchSize: batchSize)
        let size = max(batchSize, 1)
        var start = 0
        while start < results.count {
            let end = min(start + size, results.count)
            var batchIDs: [Int64] = []
            for index in start..<end {
                let model = results[index]
                batchIDs.append(model._$backingState.rowID)
                try block(model)
            }
            if !allowEscapingMutations && !hadChanges && hasChanges {
                throw OpenSwiftDataError.unsupportedQuery(
                    "enumerate: the block left unsaved changes; save inside the block or pass allowEscapingMutations: true")
            }
            results.release(start..<end)
            releaseUnchanged(T.self, rowIDs: batchIDs)
            start = end
        }
    }

    /// Marks every model of the type that the predicate selects (all when nil) for
    /// deletion; delete rules apply and rows go at the next `save()`, as for `delete(_:)`.
    public func delete<T: PersistentModel>(model: T.Type, where predicate: Predicate<T>? = nil, includeSubclasses: Bool = true) throws {
        if let customStore, try batchDeleteInCustomStore(T.self, where: predicate, includeSubclasses: includeSubclasses, customStore) {
            return
        }
        for model in try fetch(FetchDescriptor<T>(predicate: predicate)) {
            // Without subclasses, models of `@Model` subclasses of `T` stay.
            if !includeSubclasses, ObjectIdentifier(Swift.type(of: model)) != ObjectIdentifier(T.self) { continue }
            delete(model)
        }
    }

    /// Drops registered models that are unchanged and referenced by nothing else.
    private func releaseUnchanged<T: PersistentModel>(_ type: T.Type, rowIDs: [Int64]) {
        let registry = registry(for: T.self)
        for rowID in rowIDs {
            guard var model = registry.models.removeValue(forKey: rowID) else { continue }
            let state = (model as! T)._$backingState
            if state.isChanged || state.status != .persistent || !isKnownUniquelyReferenced(&model) {
                registry.models[rowID] = model
            }
        }
    }
}

extension FetchResultsCollection {
    /// Forgets the loaded models of a range, so that they can be freed.
    func release(_ range: Range<Int>) {
        storage.release(range)
    }
}
