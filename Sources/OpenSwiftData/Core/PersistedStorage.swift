/// The storage behind one persisted property of a model.
///
/// `@Model` gives each persisted property a private peer of this type. A value is
/// `.loaded` once it has been set or read from the store; a to-one relationship read
/// from the store is a `.fault` holding the related row's primary key until first
/// access; anything else not yet known (a to-many relationship, a column left out by
/// `propertiesToFetch`, a property the initialiser never set) is `.unloaded`.
@frozen
public enum _PersistedStorage<Value> {
    case loaded(Value)
    case fault(Int64)
    case unloaded
}
