/// What the store was doing when the operating system reported an I/O error: see
/// ``OpenSwiftDataError/storeIOError(path:operation:)``.
public enum StoreIOOperation: String, Sendable, Equatable, CustomStringConvertible {
    case reading
    case writing
    /// Forcing written data onto the disk (`fsync`).
    case flushing
    /// Locking, opening, truncating or another access.
    case accessing

    /// The operation, as an error message names it.
    public var description: String {
        switch self {
        case .reading: "while reading"
        case .writing: "while writing"
        case .flushing: "while flushing to disk"
        case .accessing: "while accessing"
        }
    }
}
