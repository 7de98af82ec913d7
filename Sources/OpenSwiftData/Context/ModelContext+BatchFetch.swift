import Foundation

// Fetching many models without holding them all: lazily loaded results,
// enumeration in batches, and deletion by predicate.
extension ModelContext {
    /// The models the descriptor selects, as a collection that loads them
    /// `batchSize` at a time when they are first accessed.
    public func fetch<T: PersistentModel>(_ descriptor: FetchDescriptor<T>, batchSize: Int) throws -> FetchResultsCollection<T> {
        guard let keys = try store(of: T.self).keys(request(descriptor)) else {
            return FetchResultsCollection(models: try fetch(descriptor))
        }
        return FetchResultsCollection(context: self, rowIDs: keys, properties: Self.properties(fetchedBy: descriptor),
                                      batchSize: batchSize, prefetch: descriptor.relationshipKeyPathsForPrefetching)
    }

    /// The identifiers of the models the descriptor selects, in its order, as a
    /// collection that makes them `batchSize` at a time when they are first accessed.
    ///
    /// The identifiers are those `fetchIdentifiers(_:)` returns; the models are not
    /// loaded. A `batchSize` below 1 is taken as 1.
    public func fetchIdentifiers<T: PersistentModel>(_ descriptor: FetchDescriptor<T>, batchSize: Int)
        throws -> FetchResultsCollection<PersistentIdentifier> {
        guard let keys = try store(of: T.self).keys(request(descriptor)) else {
            return FetchResultsCollection(elements: try fetchIdentifiers(descriptor))
        }
        return FetchResultsCollection(storage: IdentifierBatchStorage(rowIDs: keys, batchSize: batchSize, entityName: T._$entityName,
                                                                      storeIdentifier: store(of: T.self).identifier))
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
        let size = max(batchSize, 1)
        func visit(_ results: FetchResultsCollection<T>, _ range: Range<Int>) throws {
            var batchIDs: [Int64] = []
            batchIDs.reserveCapacity(range.count)
            for index in range {
                let model = results[index]
                batchIDs.append(model._$backingState.rowID)
                try block(model)
            }
            if !allowEscapingMutations && !hadChanges && hasChanges {
                throw OpenSwiftDataError.unsupportedQuery(
                    "enumerate: the block left unsaved changes; save inside the block or pass allowEscapingMutations: true")
            }
            results.release(range)
            releaseUnchanged(T.self, rowIDs: batchIDs)
        }
        if let page = try keyPages(descriptor, size: size) {
            var after = Int64.min
            while true {
                let (results, lastKey) = try page(after)
                guard let lastKey else { break }
                try visit(results, 0..<results.count)
                if results.count < size { break }
                after = lastKey
            }
            return
        }
        let results = try fetch(descriptor, batchSize: size)
        var start = 0
        while start < results.count {
            let end = min(start + size, results.count)
            try visit(results, start..<end)
            start = end
        }
    }

    /// For `enumerate` without a sort or a window, whose order is free: reads the models
    /// of the next `size` keys above a given one (and the last of those keys), so that
    /// memory stays bounded by a batch however many rows match. Nil when the store
    /// needs every match's key first (a sort, a window, a filter or pending changes
    /// taken in Swift, a store that does not page).
    private func keyPages<T: PersistentModel>(_ descriptor: FetchDescriptor<T>, size: Int)
        throws -> ((Int64) throws -> (FetchResultsCollection<T>, lastKey: Int64?))? {
        let request = request(descriptor)
        let store = store(of: T.self)
        guard let first = try store.keys(request, after: Int64.min, through: nil, limit: size) else { return nil }
        let properties = Self.properties(fetchedBy: descriptor)
        return { [self] after in
            let keys = after == Int64.min ? first.keys : try store.keys(request, after: after, through: first.highest, limit: size)?.keys ?? []
            let results = FetchResultsCollection(context: self, rowIDs: keys, properties: properties, batchSize: size,
                                                 prefetch: descriptor.relationshipKeyPathsForPrefetching)
            return (results, keys.last)
        }
    }

    /// The properties a descriptor's `propertiesToFetch` names, by index, with every
    /// to-one relationship and `let`, which a partial model keeps; nil for all of them.
    static func properties<T: PersistentModel>(fetchedBy descriptor: FetchDescriptor<T>) -> [Int]? {
        guard !descriptor.propertiesToFetch.isEmpty else { return nil }
        let entity = T._$entity
        return descriptor.propertiesToFetch.compactMap { entity.storedPropertiesByKeyPath[$0 as AnyKeyPath]?.index }
    }

    /// Marks every model of the type that the predicate selects (all when nil) for
    /// deletion; delete rules apply and rows go at the next `save()`, as for `delete(_:)`.
    public func delete<T: PersistentModel>(model: T.Type, where predicate: Predicate<T>? = nil, includeSubclasses: Bool = true) throws {
        if try store(of: T.self).batchDelete(T.self, where: predicate, includeSubclasses: includeSubclasses, editingState: editingState) {
            forgetBatchDeleted(T.self, where: predicate)
            return
        }
        for model in try fetch(FetchDescriptor<T>(predicate: predicate)) {
            // Without subclasses, models of `@Model` subclasses of `T` stay.
            if !includeSubclasses, ObjectIdentifier(Swift.type(of: model)) != ObjectIdentifier(T.self) { continue }
            delete(model)
        }
    }

    /// Lets go of the registered models a store's batch delete deleted.
    private func forgetBatchDeleted<T: PersistentModel>(_ type: T.Type, where predicate: Predicate<T>?) {
        let registry = registry(for: T.self)
        for case let model as T in registry.models.values {
            guard (try? predicate?.evaluate(model)) ?? true else { continue }
            registry.models[model._$backingState.rowID] = nil
            changed.removeAll { $0 === model }
            model._$backingState.status = .detached
            model._$backingState.isChanged = false
            model._$backingState.context = nil
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
