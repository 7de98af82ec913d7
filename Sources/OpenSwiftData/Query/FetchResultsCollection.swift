import Foundation
import GRDB

/// The results of a batched fetch: `ModelContext.fetch(_:batchSize:)` gives one of
/// models, `fetchIdentifiers(_:batchSize:)` one of identifiers.
///
/// A collection of models holds the identifiers of every result and materialises the
/// models a batch at a time, on first access to an index in that batch, so that a
/// large result need not be in memory at once. When the fetch needs Swift for part of
/// its work (see `FetchExplanation`), the models are fetched at once and the
/// collection simply wraps them.
public struct FetchResultsCollection<Element>: RandomAccessCollection {
    /// The first index: always 0.
    public let startIndex = 0
    /// One past the last index: the number of results.
    public var endIndex: Int { storage.count }
    let storage: FetchResultsStorage<Element>

    /// Results that are all in memory already.
    init(elements: [Element]) {
        storage = FetchResultsStorage(elements: elements)
    }

    init(storage: FetchResultsStorage<Element>) {
        self.storage = storage
    }

    /// The result at `position`, loading its batch first if need be.
    public subscript(position: Int) -> Element {
        storage.element(at: position)
    }
}

extension FetchResultsCollection where Element: PersistentModel {
    init(models: [Element]) {
        self.init(elements: models)
    }

    /// - Parameter properties: the properties a partial fetch reads, by index; nil for all of them.
    init(context: ModelContext, rowIDs: [Int64], properties: [Int]?, batchSize: Int, prefetch: [PartialKeyPath<Element>]) {
        self.init(storage: ModelBatchStorage(context: context, rowIDs: rowIDs, properties: properties, batchSize: batchSize, prefetch: prefetch))
    }
}

/// Holds the results of a `FetchResultsCollection`; this base class holds them all.
/// Subclasses load them in batches.
class FetchResultsStorage<Element> {
    var elements: [Element?]

    init(elements: [Element]) {
        self.elements = elements
    }

    init(count: Int) {
        self.elements = Array(repeating: nil, count: count)
    }

    var count: Int { elements.count }

    /// The result at `index`; an index out of range traps, as for an array.
    func element(at index: Int) -> Element {
        guard let element = elements[index] else { preconditionFailure("fetch results held in memory have every element") }
        return element
    }

    /// Forgets the loaded results of a range, so that they can be freed; results that
    /// cannot be loaded again are kept.
    func release(_ range: Range<Int>) {}
}

/// Models loaded `batchSize` at a time from the rows a fetch selected.
final class ModelBatchStorage<Model: PersistentModel>: FetchResultsStorage<Model> {
    let rowIDs: [Int64]
    let batchSize: Int
    /// Kept alive by the results, which load from it on access.
    let context: ModelContext
    /// The properties a partial fetch reads, by index; nil for all of them.
    let properties: [Int]?
    let prefetch: [PartialKeyPath<Model>]

    init(context: ModelContext, rowIDs: [Int64], properties: [Int]?, batchSize: Int, prefetch: [PartialKeyPath<Model>]) {
        self.rowIDs = rowIDs
        self.batchSize = Swift.max(batchSize, 1)
        self.context = context
        self.properties = properties
        self.prefetch = prefetch
        super.init(count: rowIDs.count)
    }

    /// The model at `index`, loading its batch first. A result whose row was deleted
    /// since the fetch, or that cannot be read, is a stand-in (see
    /// `ModelContext.hollowModel`), and the context's next save or fetch throws why.
    override func element(at index: Int) -> Model {
        if let model = elements[index] { return model }
        loadBatch(containing: index)
        if let model = elements[index] { return model }
        context.noteLoadFailure(.rowDeleted(entity: Model._$entityName))
        guard let hollow = context.hollowModel(Model.self, rowID: rowIDs[index]) else {
            preconditionFailure("the \(Model.self) at index \(index) of these fetch results could not be loaded (see the error logged before this)")
        }
        elements[index] = hollow
        return hollow
    }

    override func release(_ range: Range<Int>) {
        for index in range { elements[index] = nil }
    }

    private func loadBatch(containing index: Int) {
        let start = index - index % batchSize
        let end = Swift.min(start + batchSize, rowIDs.count)
        let ids = Array(rowIDs[start..<end])
        do {
            let loaded = try context.models(Model.self, keys: ids, properties: properties)
            var byID: [Int64: Model] = [:]
            for model in loaded { byID[model._$backingState.rowID] = model }
            for offset in ids.indices { elements[start + offset] = byID[ids[offset]] }
            try context.prefetch(prefetch, of: loaded)
        } catch {
            context.noteLoadFailure(OpenSwiftDataError(explaining: error)
                ?? .corruptValue(entity: Model._$entityName, property: "(all)", reason: "\(error)"))
        }
    }
}

/// Identifiers made `batchSize` at a time from the rows a fetch selected.
final class IdentifierBatchStorage: FetchResultsStorage<PersistentIdentifier> {
    let rowIDs: [Int64]
    let batchSize: Int
    let entityName: String
    let storeIdentifier: String?

    init(rowIDs: [Int64], batchSize: Int, entityName: String, storeIdentifier: String?) {
        self.rowIDs = rowIDs
        self.batchSize = Swift.max(batchSize, 1)
        self.entityName = entityName
        self.storeIdentifier = storeIdentifier
        super.init(count: rowIDs.count)
    }

    override func element(at index: Int) -> PersistentIdentifier {
        if let identifier = elements[index] { return identifier }
        let start = index - index % batchSize
        for offset in start..<Swift.min(start + batchSize, rowIDs.count) {
            elements[offset] = PersistentIdentifier(entityName: entityName, storeIdentifier: storeIdentifier, rowID: rowIDs[offset])
        }
        return elements[index] ?? PersistentIdentifier(entityName: entityName, storeIdentifier: storeIdentifier, rowID: rowIDs[index])
    }

    override func release(_ range: Range<Int>) {
        for index in range { elements[index] = nil }
    }
}
