extension PersistentModel {
    /// A new model with no values yet, for code that fills it in by property name (a
    /// snapshot given to `DefaultStore`, a change a sync downloads).
    static func _$emptyModel() -> any PersistentModel {
        Self(backingData: Self.createBackingData() as any BackingData<Self>)
    }
}
