import Foundation

/// What tells a fetch's results from the last ones shown: the identifiers of the rows,
/// in order, and how many values the context's merge rule had refreshed. Two fetches
/// with the same fingerprint show the same rows with the same values, so a live query
/// yields, and a ``ResultsObserver`` publishes, only when the fingerprint changes.
struct ResultsFingerprint: Equatable {
    let identifiers: [PersistentIdentifier]
    let refreshedValues: Int

    init<T: PersistentModel>(_ results: some Collection<T>, in context: ModelContext) {
        identifiers = results.map(\.persistentModelID)
        refreshedValues = context.refreshedValueCount
    }
}
