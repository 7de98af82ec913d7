/// The stores of a container, one per configuration, and the store that holds each
/// entity: the models of a configuration's schema live in that configuration's store.
struct ContainerStores: Sendable {
    /// In the order of the configurations.
    let all: [any ModelStore]
    /// For a container of several stores: the position in ``all`` of each entity's store, by name.
    private let byEntity: [String: Int]
    /// One store holds every entity (the common case, with no lookup).
    let isSingle: Bool

    init(_ store: any ModelStore) {
        all = [store]
        byEntity = [:]
        isSingle = true
    }

    init(_ stores: [any ModelStore]) {
        all = stores
        var byEntity: [String: Int] = [:]
        for (index, store) in stores.enumerated() {
            for entity in store.schema.entities where byEntity[entity.name] == nil { byEntity[entity.name] = index }
        }
        self.byEntity = byEntity
        isSingle = stores.count == 1
    }

    var first: any ModelStore { all[0] }

    /// The store of the entity (of a class hierarchy, its root's).
    func store(of entityName: String) -> any ModelStore {
        all[index(of: entityName)]
    }

    /// The identifier of the entity's store, as its models' identifiers name it.
    @inline(__always)
    func identifier(of entityName: String) -> String {
        isSingle ? all[0].identifier : store(of: entityName).identifier
    }

    /// The position in ``all`` of the entity's store.
    func index(of entityName: String) -> Int {
        isSingle ? 0 : byEntity[entityName] ?? 0
    }

    /// Runs `body` holding every store (in the configurations' order, the same for
    /// every context, so that two transactions never wait for each other).
    func exclusively<T>(for editingState: EditingState, _ body: () throws -> T) throws -> T {
        func holding(from index: Int) throws -> T {
            guard index < all.count else { return try body() }
            return try all[index].exclusively(for: editingState) { try holding(from: index + 1) }
        }
        return try holding(from: 0)
    }
}
