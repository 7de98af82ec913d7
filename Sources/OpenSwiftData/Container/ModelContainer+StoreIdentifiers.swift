extension ModelContainer {
    /// The identifier of the store that the configuration named `name` opened: the
    /// string a ``PersistentIdentifier``'s `storeIdentifier`, a history transaction's
    /// `storeIdentifier` and a ``HistoryToken``'s `storeIdentifier` name the store by.
    ///
    /// A store's identifier is not its configuration's name (a SQLite store's is its
    /// file's path), so code that filters history or routes identifiers by configuration
    /// needs this look-up. Configurations naming one file share its store, and each of
    /// their names gives that store's identifier.
    ///
    /// - Returns: `nil` when no configuration of the container has that name, or when the
    ///   configuration was left without a store because the others hold all its models.
    public func storeIdentifier(forConfigurationNamed name: String) -> String? {
        if let store = stores.all.first(where: { $0.name == name }) { return store.identifier }
        // A configuration that shares another's file has no store of its own name.
        guard let configuration = configurations.first(where: { $0.name == name }), !configuration.isStoredInMemoryOnly else { return nil }
        return stores.all.first { $0.identifier == configuration.url.path }?.identifier
    }

    /// The name of the configuration whose store has the identifier: the reverse of
    /// ``storeIdentifier(forConfigurationNamed:)``, for an identifier read from a
    /// model's ``PersistentIdentifier`` or from the history.
    ///
    /// - Returns: `nil` when no store of the container has that identifier. A store that
    ///   several configurations share answers with the name of the first of them.
    public func configurationName(forStoreIdentifier identifier: String) -> String? {
        stores.all.first { $0.identifier == identifier }?.name
    }
}
