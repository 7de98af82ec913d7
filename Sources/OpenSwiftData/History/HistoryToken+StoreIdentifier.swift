extension HistoryToken {
    /// The identifier of the store whose history the token is a position in, as
    /// ``ModelContainer/configurationName(forStoreIdentifier:)`` maps it back to a
    /// configuration.
    ///
    /// Every token this package makes is a ``DefaultHistoryToken``, which carries its
    /// store's identifier; this extension gives the same identifier through
    /// `any HistoryToken` (a `HistoryObserver`'s tokens, a custom store's save result).
    /// A token of another type names no store this package knows of (custom stores keep
    /// no history here), so it reads as the empty string.
    public var storeIdentifier: String {
        (self as? DefaultHistoryToken)?.storeIdentifier ?? ""
    }
}
