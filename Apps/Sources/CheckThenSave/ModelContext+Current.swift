import OpenSwiftData

extension ModelContext {
    /// `model` with the values the store holds now, read again (a model with unsaved
    /// changes keeps them), or nil when another context or process has deleted it since
    /// it was read; a model not saved yet (inserted, or about to be through a
    /// relationship) is itself.
    ///
    /// Inside ``withTransaction(_:)`` a check on what it gives back holds until the save:
    /// a card found in stock a moment ago may have been sold by another process since.
    public func current<Model: PersistentModel>(_ model: Model) throws -> Model? {
        if model.persistentModelID.isTemporary { return model }
        return try existingModel(for: model.persistentModelID)
    }
}
