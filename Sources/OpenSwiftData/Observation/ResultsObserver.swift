import Foundation
import Observation

/// The models a fetch selects, kept current as the store changes: SwiftData's
/// `ResultsObserver` of iOS 27, an `Observable` object to hold in a view model or any
/// other code outside a view.
///
/// ```swift
/// let observer = try ResultsObserver<Trip, Never>(sortBy: [SortDescriptor(\.startDate)], modelContext: context)
/// // observe `observer.results` (the observer is `Observable`)
///
/// let byDestination = try ResultsObserver<Trip, String>(sectionBy: \.destination, modelContext: context)
/// if let sections = byDestination.sections {
///     for section in sections { print(section.title, section.count) }
/// }
/// ```
///
/// The observer fetches once when it is made (the initialiser throws the fetch's error),
/// then again after each commit that may change its results: a save through any context
/// of the process (this one or another) that touches the fetched entity or one related to
/// it, a commit to the same store file by another process, and on PostgreSQL a commit by
/// another server. It publishes ``results`` (and ``sections``) only when they differ:
/// other rows, another order, new values merged into a row, or other sections.
///
/// How soon: a save in this process wakes the observer at once, and its fetch runs when
/// the actor it was made on (`isolation`) is next free; another process's commit is seen
/// within the store's poll interval, a quarter of a second; PostgreSQL announces another
/// server's commit at once. A burst of commits is coalesced into one fetch. The fetches
/// and updates run on the actor the observer was made on, with its ``modelContext``, as
/// that context must be used from one actor; made outside any actor, it updates from a
/// task of its own. Setting ``filterBy`` or ``sortBy`` fetches again at once, on the
/// calling actor. The observer stops when it is released.
///
/// A sectioned observer (made with `sectionBy:`) sorts by the section's key path first, so
/// that each section's models are together, and keeps ``sections``: one section per
/// distinct title, in the order the titles first come in the sorted results (the grouping
/// is done in Swift by ``SectionedResults``, after each fetch). With a `String?` key path,
/// models whose value is nil are in the section titled "".
///
/// Differences from SwiftData: rows equal on every sort key come in the order they were
/// inserted (the store breaks ties by the row's key), instead of a sort by
/// `persistentModelID` appended to ``sortBy``; changes not yet saved do not wake the
/// observer (SwiftData's may show this context's unsaved changes).
public final class ResultsObserver<Element: PersistentModel, SectionTitle: Hashable>: Observable, CustomDebugStringConvertible {
    /// The context the observer fetches with: the one it was given, or a new one on the
    /// container it was given.
    public let modelContext: ModelContext

    /// The models the fetch selects now, in its order. Settable, as SwiftData declares it:
    /// a value set here is what the observer shows until its next fetch.
    public var results: FetchResultsCollection<Element> {
        get {
            registrar.access(self, keyPath: \.results)
            return lock.withLock { currentResults }
        }
        set {
            registrar.withMutation(of: self, keyPath: \.results) { lock.withLock { currentResults = newValue } }
        }
    }

    /// The results grouped by ``sectionBy``, one section per distinct title in the order
    /// the titles first come in ``results``; nil for an observer made without `sectionBy:`
    /// (`SectionTitle` is `Never`). Settable, as SwiftData declares it, like ``results``.
    public var sections: SectionedResults<Element, SectionTitle>? {
        get {
            registrar.access(self, keyPath: \.sections)
            return lock.withLock { currentSections }
        }
        set {
            registrar.withMutation(of: self, keyPath: \.sections) { lock.withLock { currentSections = newValue } }
        }
    }

    /// What the observer fetches: its predicate, its sort (the section's key path first,
    /// for a sectioned observer) and its other options. Change it through ``filterBy`` and
    /// ``sortBy``.
    public var fetchDescriptor: FetchDescriptor<Element> {
        registrar.access(self, keyPath: \.fetchDescriptor)
        return lock.withLock { descriptor }
    }

    /// The predicate of the fetch; nil selects every model of the type. Setting it fetches
    /// again before it returns.
    public var filterBy: Predicate<Element>? {
        get { fetchDescriptor.predicate }
        set {
            changeDescriptor { $0.predicate = newValue }
        }
    }

    /// The sort of the fetch. Setting it fetches again before it returns; for a sectioned
    /// observer, a sort by the section's key path is put first unless the new sort begins
    /// with one.
    public var sortBy: [SortDescriptor<Element>] {
        get { fetchDescriptor.sortBy }
        set {
            changeDescriptor { [sectionKey] in $0.sortBy = sectionKey?.prepended(to: newValue) ?? newValue }
        }
    }

    /// The key path whose value groups the results into ``sections``; nil for an observer
    /// made without `sectionBy:`.
    public var sectionBy: PartialKeyPath<Element>? { sectionKey?.keyPath }

    public var debugDescription: String {
        let sectionCount = sections.map { ", \($0.count) sections" } ?? ""
        return "ResultsObserver<\(Element.self), \(SectionTitle.self)>(\(results.count) results\(sectionCount))"
    }

    private let sectionKey: SectionKey<Element, SectionTitle>?
    /// Guards the state below: it changes on the observer's actor, and the lock keeps a
    /// read from another thread whole.
    private let lock = NSLock()
    private var descriptor: FetchDescriptor<Element>
    private var currentResults: FetchResultsCollection<Element>
    private var currentSections: SectionedResults<Element, SectionTitle>?
    /// What the published results were, to publish only results that differ.
    private var fingerprint: ResultsFingerprint
    private var watcher: Task<Void, Never>?
    private let registrar = ObservationRegistrar()

    /// Fetches once, then follows the store (see `ResultsObserver+Initializers.swift`
    /// for SwiftData's initialisers).
    init(fetchDescriptor: FetchDescriptor<Element>, sectionKey: SectionKey<Element, SectionTitle>?, modelContext: ModelContext,
         isolation: isolated (any Actor)?) throws {
        var descriptor = fetchDescriptor
        if let sectionKey { descriptor.sortBy = sectionKey.prepended(to: descriptor.sortBy) }
        // Subscribed before the first fetch, so that no commit after it is missed.
        let subscription = StoreSubscription(watching: Element.self, in: modelContext.stores)
        let models = try modelContext.fetch(descriptor)
        self.modelContext = modelContext
        self.sectionKey = sectionKey
        self.descriptor = descriptor
        currentResults = FetchResultsCollection(models: models)
        currentSections = sectionKey.map { SectionedResults(grouping: models, by: $0.title) }
        fingerprint = ResultsFingerprint(models, in: modelContext)
        watch(subscription, isolation: isolation)
    }

    deinit {
        watcher?.cancel()
    }

    /// A task on `isolation` that fetches again at each wake-up, for as long as the
    /// observer lives: it holds the observer weakly, so that releasing it stops the watch.
    private func watch(_ subscription: StoreSubscription, isolation: isolated (any Actor)?) {
        let observer = WeakReference(self)
        // The task runs on `isolation` (it captures it), where the context is used.
        watcher = Task {
            _ = isolation
            while await subscription.wait() {
                guard let observer = observer.object else { return }
                observer.refetchAfterCommit()
            }
        }
    }

    /// Fetches after a commit and publishes what differs. A fetch that fails (the store
    /// cannot be read) leaves the results as they were, and says why in the log.
    private func refetchAfterCommit() {
        let models: [Element]
        do {
            models = try modelContext.fetch(lock.withLock { descriptor })
        } catch {
            Log.logger.error("ResultsObserver<\(Element.self)> could not fetch after a commit, and keeps the results it had: \(error)")
            return
        }
        let newFingerprint = ResultsFingerprint(models, in: modelContext)
        if newFingerprint != fingerprint {
            fingerprint = newFingerprint
            results = FetchResultsCollection(models: models)
        }
        // A title can change without the rows or their order changing.
        if let sectionKey {
            let newSections = SectionedResults(grouping: models, by: sectionKey.title)
            if newSections != lock.withLock({ currentSections }) { sections = newSections }
        }
    }

    /// Changes the descriptor and fetches at once. The setters that call this cannot
    /// throw (SwiftData's API): a fetch that fails leaves no results, since the old ones
    /// no longer answer the new descriptor, and says why in the log.
    private func changeDescriptor(_ change: (inout FetchDescriptor<Element>) -> Void) {
        registrar.withMutation(of: self, keyPath: \.fetchDescriptor) { lock.withLock { change(&descriptor) } }
        let models: [Element]
        do {
            models = try modelContext.fetch(lock.withLock { descriptor })
        } catch {
            Log.logger.error("ResultsObserver<\(Element.self)> cannot fetch with its new filter or sort, so it shows no results: \(error)")
            models = []
        }
        fingerprint = ResultsFingerprint(models, in: modelContext)
        results = FetchResultsCollection(models: models)
        if let sectionKey { sections = SectionedResults(grouping: models, by: sectionKey.title) }
    }
}

/// A weak reference that a task may hold: the task uses the object only on the actor
/// the object belongs to.
private final class WeakReference<Object: AnyObject>: @unchecked Sendable {
    weak var object: Object?

    init(_ object: Object) {
        self.object = object
    }
}
