import Foundation
import GRDB

/// The results of `ModelContext.fetch(_:batchSize:)`: a random-access collection
/// that holds the identifiers of every result and materialises models a batch at a
/// time, on first access to an index in that batch.
///
/// When the fetch needs Swift for part of its work (see `FetchExplanation`), the
/// models are fetched at once and the collection simply wraps them.
public struct FetchResultsCollection<Element: PersistentModel>: RandomAccessCollection {
    public let startIndex = 0
    public var endIndex: Int { storage.count }
    let storage: Storage

    init(models: [Element]) {
        storage = Storage(models: models)
    }

    init(context: ModelContext, table: EntityTable, rowIDs: [Int64], columns: [Int32], isPartial: Bool, batchSize: Int,
         prefetch: [PartialKeyPath<Element>]) {
        storage = Storage(context: context, table: table, rowIDs: rowIDs, columns: columns, isPartial: isPartial,
                          batchSize: batchSize, prefetch: prefetch)
    }

    public subscript(position: Int) -> Element {
        storage.model(at: position)
    }

    final class Storage {
        var models: [Element?]
        let rowIDs: [Int64]
        let batchSize: Int
        /// Kept alive by the results, which load from it on access.
        var context: ModelContext?
        let table: EntityTable?
        let columns: [Int32]
        let isPartial: Bool
        let prefetch: [PartialKeyPath<Element>]

        var count: Int { models.count }

        init(models: [Element]) {
            self.models = models
            rowIDs = []
            batchSize = Swift.max(models.count, 1)
            table = nil
            columns = []
            isPartial = false
            prefetch = []
        }

        init(context: ModelContext, table: EntityTable, rowIDs: [Int64], columns: [Int32], isPartial: Bool, batchSize: Int,
             prefetch: [PartialKeyPath<Element>]) {
            self.models = Array(repeating: nil, count: rowIDs.count)
            self.rowIDs = rowIDs
            self.batchSize = Swift.max(batchSize, 1)
            self.context = context
            self.table = table
            self.columns = columns
            self.isPartial = isPartial
            self.prefetch = prefetch
        }

        /// The model at `index`, loading its batch first. A result whose row was deleted
        /// since the fetch, or that cannot be read, is a stand-in (see
        /// `ModelContext.hollowModel`), and the context's next save or fetch throws why.
        func model(at index: Int) -> Element {
            if let model = models[index] { return model }
            loadBatch(containing: index)
            if let model = models[index] { return model }
            guard let context else { preconditionFailure("fetch results made without a context have every model") }
            context.noteLoadFailure(.rowDeleted(entity: Element._$entityName))
            guard let hollow = context.hollowModel(Element.self, rowID: rowIDs[index]) else {
                preconditionFailure("the \(Element.self) at index \(index) of these fetch results could not be loaded (see the error logged before this)")
            }
            models[index] = hollow
            return hollow
        }

        private func loadBatch(containing index: Int) {
            guard let context, let table else { return }
            let start = index - index % batchSize
            let end = Swift.min(start + batchSize, rowIDs.count)
            let ids = Array(rowIDs[start..<end])
            do {
                let select = isPartial ? QueryPlan.partialSelectSQL(table, columns) : table.selectSQL
                let loaded: [Element] = try context.fetchRows(
                    Element.self, table: table, sql: select + " WHERE t.\"Z_PK\" IN (SELECT value FROM json_each(?))",
                    arguments: [JSONArgument.ids(ids)], columns: columns, isPartial: isPartial)
                var byID: [Int64: Element] = [:]
                for model in loaded { byID[model._$backingState.rowID] = model }
                for offset in ids.indices { models[start + offset] = byID[ids[offset]] }
                try context.prefetch(prefetch, of: loaded)
            } catch {
                context.noteLoadFailure(OpenSwiftDataError(explaining: error)
                    ?? .corruptValue(entity: Element._$entityName, property: "(all)", reason: "\(error)"))
            }
        }
    }
}
