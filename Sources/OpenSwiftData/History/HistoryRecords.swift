import Foundation

/// A store's history as its tables hold it, made into ``DefaultHistoryTransaction``s:
/// the part of reading history that is the same on every store.
///
/// Each store keeps one row per transaction and one row per run of changes of one
/// kind to consecutive rows of one entity (see the SQLite store's `HistoryTables`); a
/// run's changes are numbered `lastID - count + 1` through `lastID`.
package enum HistoryRecords {
    /// The kind of a recorded change, as the stores write it.
    package enum Kind: Int64 { case insert = 0, update = 1, delete = 2 }

    /// One transaction's row.
    package struct Transaction {
        package let id: Int64
        package let timestamp: Double
        package let author: String?
        package let bundle: String
        package let process: String

        package init(id: Int64, timestamp: Double, author: String?, bundle: String, process: String) {
            self.id = id
            self.timestamp = timestamp
            self.author = author
            self.bundle = bundle
            self.process = process
        }
    }

    /// One run of changes: `count` changes of `kind` to rows `firstRow`, `firstRow + 1`, …
    /// of `entity`. `detail` is an update's property names, comma-separated.
    package struct Run {
        package let lastID: Int64
        package let transaction: Int64
        package let kind: Int64
        package let entity: String
        package let firstRow: Int64
        package let detail: String?
        package let count: Int64

        package init(lastID: Int64, transaction: Int64, kind: Int64, entity: String, firstRow: Int64, detail: String?, count: Int64) {
            self.lastID = lastID
            self.transaction = transaction
            self.kind = kind
            self.entity = entity
            self.firstRow = firstRow
            self.detail = detail
            self.count = count
        }
    }

    /// The transactions with their changes, in the order of the rows given. A change of
    /// an entity the schema no longer has is left out.
    package static func transactions(_ rows: [Transaction], runs: [Run], storeIdentifier: String, schema: Schema,
                                     tombstones: [Int64: [(name: String, value: any Sendable)]]) -> [DefaultHistoryTransaction] {
        var changes: [Int64: [HistoryChange]] = [:]
        for run in runs {
            guard let entity = schema.entitiesByName[run.entity] else { continue }
            let length = max(run.count, 1)
            for offset in 0..<length {
                let id = run.lastID - length + 1 + offset
                guard let change = change(entity.modelType, id: id, run: run, rowID: run.firstRow + offset,
                                          storeIdentifier: storeIdentifier, tombstone: tombstones[id] ?? []) else { continue }
                changes[run.transaction, default: []].append(change)
            }
        }
        return rows.map { row in
            DefaultHistoryTransaction(
                storeIdentifier: storeIdentifier, bundleIdentifier: row.bundle, processIdentifier: row.process,
                transactionIdentifier: row.id, token: DefaultHistoryToken(storeIdentifier: storeIdentifier, transaction: row.id),
                author: row.author, changes: changes[row.id] ?? [], timestamp: Date(timeIntervalSince1970: row.timestamp))
        }
    }

    /// The error of a fetch from a token at or before history that was deleted.
    package static func expired(from lower: Int64, deletedThrough deleted: Int64) -> SwiftDataError {
        SwiftDataError(.historyTokenExpired, explanation: .historyTokenExpired(token: Int(lower - 1), deletedThrough: Int(deleted)))
    }

    /// A preserved value as its attribute's Swift value; nil when it cannot be read as one.
    package static func preservedValue(_ stored: StoredValue, of attribute: Schema.Attribute) -> (any Sendable)? {
        guard let codec = attribute.codec, let value = try? codec.decode(stored) else { return nil }
        // Values of attributes are value types the store reads back (numbers, text,
        // dates, Codable values): `Sendable` is a marker with no runtime form, so the
        // existential is the same.
        return unsafeBitCast(value as Any, to: (any Sendable).self)
    }

    private static func change<Model: PersistentModel>(_: Model.Type, id: Int64, run: Run, rowID: Int64, storeIdentifier: String,
                                                       tombstone: [(name: String, value: any Sendable)]) -> HistoryChange? {
        let identifier = PersistentIdentifier(entityName: run.entity, storeIdentifier: storeIdentifier, rowID: rowID)
        switch Kind(rawValue: run.kind) {
        case .insert:
            return .insert(DefaultHistoryInsert<Model>(changeIdentifier: id, changedPersistentIdentifier: identifier,
                                                       transactionIdentifier: run.transaction))
        case .update:
            let names = (run.detail ?? "").split(separator: ",").map(String.init)
            return .update(DefaultHistoryUpdate<Model>(changeIdentifier: id, changedPersistentIdentifier: identifier,
                                                       transactionIdentifier: run.transaction, updatedPropertyNames: names))
        case .delete:
            return .delete(DefaultHistoryDelete<Model>(changeIdentifier: id, changedPersistentIdentifier: identifier,
                                                       transactionIdentifier: run.transaction, tombstone: HistoryTombstone(values: tombstone)))
        case nil:
            return nil
        }
    }
}
