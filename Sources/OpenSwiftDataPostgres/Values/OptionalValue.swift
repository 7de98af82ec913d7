#if PostgreSQL
/// Lets code that holds an `Any.Type` or an `Any` see through `Optional`, as the
/// engine's value codec does for SQLite (its own protocol is internal to the engine).
protocol OptionalValue {
    static var wrappedType: Any.Type { get }
    static var noneValue: Any { get }
    /// The wrapped value as this optional type, or nil when it is not a `Wrapped`.
    static func wrapping(_ value: Any) -> Any?
    var wrappedValue: Any? { get }
}

extension Optional: OptionalValue {
    static var wrappedType: Any.Type { Wrapped.self }
    static var noneValue: Any {
        let nothing: Wrapped? = nil
        return nothing as Any
    }
    static func wrapping(_ value: Any) -> Any? {
        guard let wrapped = value as? Wrapped else { return nil }
        return Optional(wrapped) as Any
    }
    var wrappedValue: Any? { self.map { $0 as Any } }
}
#endif
