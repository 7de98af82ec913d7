import Foundation

// The runtime contract `@Model` generates (see <doc:ModelMacroExpansion>), for a
// model that keeps its values in the backing data `createBackingData()` made, as
// Apple's expansion does: read, written, faulted and tracked through that storage.
// A `@Model` model has its own generated members, which these never replace.

extension PersistentModel {
    /// The model's persistence state, kept beside its values in its backing data.
    /// Backing data of another kind keeps none: such a model is always new.
    public var _$backingState: _ModelBackingState {
        get { _$storedBackingData?.state ?? _ModelBackingState() }
        set { _$storedBackingData?.state = newValue }
    }

    /// The context that took the model over, kept in its backing data as its state is.
    public var _$successorContext: ModelContext? {
        get { _$storedBackingData?.successorContext }
        set { _$storedBackingData?.successorContext = newValue }
    }

    /// Reads the row's values into new backing data, and makes the model from it
    /// with the model's `init(backingData:)`.
    public init(_$reader reader: inout _ModelReader) throws {
        let data = StoredBackingData<Self>(for: Self.self)
        try data.read(from: &reader)
        self.init(backingData: data)
        data.owner = self
    }

    /// Binds the values the model's backing data holds.
    public func _$encode(to writer: inout _ModelWriter) throws {
        guard let data = _$storedBackingData else {
            throw OpenSwiftDataError.invalidValue(
                entity: Self._$entityName, property: "persistentBackingData",
                reason: "its backing data was not made by createBackingData(), so its values cannot be saved; initialise persistentBackingData with \(Self.self).createBackingData()")
        }
        try data.write(to: &writer)
    }

    /// Turns the related models the backing data holds back into faults.
    public func _$faultRelationships() {
        _$storedBackingData?.faultRelationships()
    }

    /// Copies into a `@Model` model's properties the values `backingData` holds
    /// (what `init(backingData:)` and setting `persistentBackingData` do).
    func _$adoptValues(of backingData: any BackingData<Self>) {
        let entity = Swift.type(of: self)._$entity
        if let view = backingData as? ModelBackingDataView<Self> {
            guard let source = view.model, source !== self else { return }
            for property in entity.persistedProperties {
                if let attribute = property.attribute {
                    attribute.access.set(self, attribute.access.get(source))
                } else if let relationship = property.relationship {
                    relationship.access.set(self, relationship.access.get(source))
                }
            }
            return
        }
        guard let stored = backingData as? StoredBackingData<Self> else {
            Log.logger.warning("\(Self.self): values of a backing data of type \(Swift.type(of: backingData)) cannot be listed, so none were copied; make it with createBackingData()")
            return
        }
        for property in entity.persistedProperties {
            guard case .loaded(let value)? = stored.values[property.keyPath] else { continue }
            if let attribute = property.attribute {
                attribute.access.set(self, value)
            } else if let relationship = property.relationship {
                relationship.access.set(self, BackingStorage.models(in: value))
            }
        }
    }
}
