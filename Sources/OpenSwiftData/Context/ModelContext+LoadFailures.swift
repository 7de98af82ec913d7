import Foundation

// What a model read does when the store cannot give it a value: the row was deleted by
// another context or process, a value cannot be read, or an identifier names no row.
// SwiftData stops the program here; OpenSwiftData logs the failure, gives the program a
// stand-in value so it keeps running, and throws the failure from this context's next
// `save()` or `fetch`, where the program can handle it.
extension ModelContext {
    /// Remembers a failed read for the next `save()` or fetch, logging it now.
    func noteLoadFailure(_ failure: OpenSwiftDataError) {
        Log.logger.error("\(failure); the value reads as a stand-in, and this context's next save or fetch throws this error")
        if deferredLoadFailure == nil { deferredLoadFailure = failure }
    }

    /// Throws (once) the first read that failed since the last save or fetch.
    func throwDeferredLoadFailure() throws {
        guard let failure = deferredLoadFailure else { return }
        deferredLoadFailure = nil
        throw failure
    }

    /// An instance of `M` for a row that cannot be read (see `ModelContext.standIn`).
    func hollowModel<M: PersistentModel>(_ type: M.Type, rowID: Int64) -> M? { Self.standIn(type, rowID: rowID) }

    func hollowAnyModel(_ type: any PersistentModel.Type, rowID: Int64) -> (any PersistentModel)? {
        func open<M: PersistentModel>(_ type: M.Type) -> (any PersistentModel)? { Self.standIn(type, rowID: rowID) }
        return open(type)
    }

    /// An instance of `M` for a row that cannot be read: every property unloaded and
    /// no context, so reads give stand-in values (see `Schema.Attribute.standInValue`)
    /// and empty relationships, and it reports `isDeleted`. It is in no registry, holds
    /// no context, and its changes are never saved.
    ///
    /// It is built without the store, whose failure may be why it is needed: the
    /// reader reads no column, and `let` properties take stand-in values too.
    static func standIn<M: PersistentModel>(_ type: M.Type, rowID: Int64) -> M? {
        do {
            var reader = _ModelReader(row: EmptyRow.shared, columns: Array(repeating: -1, count: M._$entity.persistedProperties.count),
                                      entityName: M._$entityName)
            let model = try StandIn.$isBuilding.withValue(true) { try M(_$reader: &reader) }
            model._$backingState.context = nil
            // A row number no row has, when the row is not known.
            model._$backingState.rowID = rowID > 0 ? rowID : Int64.max
            model._$backingState.status = .deleted
            return model
        } catch {
            Log.logger.error("cannot make a stand-in \(M.self): \(error)")
            return nil
        }
    }
}

/// Whether a stand-in is being built.
enum StandIn {
    /// True while a stand-in is being built: its `let` properties take stand-in values.
    @TaskLocal static var isBuilding = false
}

extension PersistentModel {
    /// The stand-in for an attribute that cannot be loaded: its declared default, or
    /// the zero of its type. A type with neither (a `Codable` struct without defaults)
    /// leaves nothing to return, which the message names.
    static func _$standIn<Value>(for keyPath: ReferenceWritableKeyPath<Self, Value>) -> Value {
        guard let attribute = _$entity.storedPropertiesByKeyPath[keyPath]?.attribute,
              let value = attribute.standInValue as? Value else {
            preconditionFailure("\(Self.self).\(_$propertyName(keyPath)) could not be loaded (see the error logged before this) and \(Value.self) has no stand-in value; give the property a default value in its declaration so that a failed read has one")
        }
        return value
    }
}
