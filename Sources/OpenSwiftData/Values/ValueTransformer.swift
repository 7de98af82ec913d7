#if !canImport(ObjectiveC)
import Foundation

/// The name a value transformer is registered under, as Foundation spells it.
public struct NSValueTransformerName: RawRepresentable, Hashable, Sendable {
    /// The name.
    public let rawValue: String

    /// A name made of a string.
    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    /// A name made of a string.
    public init(_ rawValue: String) {
        self.rawValue = rawValue
    }
}

/// Foundation's value transformer, for platforms whose Foundation has none (Linux), so
/// that a transformer written for `@Attribute(.transformable(by:))` compiles and works.
///
/// It keeps Foundation's spelling and defaults: subclass it and override
/// ``transformedValue(_:)`` (to the stored form, `Data` for a model attribute) and
/// ``reverseTransformedValue(_:)`` (back); register an instance with
/// ``setValueTransformer(_:forName:)`` to find it by name with ``init(forName:)``.
/// A subclass needs an initialiser without arguments (``init()``), which
/// `.transformable(by:)` calls to make the transformer it registers.
open class ValueTransformer: NSObject, @unchecked Sendable {
    private static let lock = NSLock()
    nonisolated(unsafe) private static var registry: [NSValueTransformerName: ValueTransformer] = [:]

    /// The registered transformer an instance made with ``init(forName:)`` stands for.
    private var registered: ValueTransformer?

    /// A transformer that passes values through unchanged, until a subclass overrides
    /// ``transformedValue(_:)``.
    public required override init() {
        super.init()
    }

    /// The transformer registered under `name`, or nil when there is none.
    public convenience init?(forName name: NSValueTransformerName) {
        guard let registered = Self.registered(forName: name) else { return nil }
        self.init()
        self.registered = registered
    }

    /// Registers a transformer under a name, replacing any registered before; nil
    /// removes the name.
    open class func setValueTransformer(_ transformer: ValueTransformer?, forName name: NSValueTransformerName) {
        lock.lock()
        defer { lock.unlock() }
        registry[name] = transformer
    }

    /// The names transformers are registered under.
    open class func valueTransformerNames() -> [NSValueTransformerName] {
        lock.lock()
        defer { lock.unlock() }
        return Array(registry.keys)
    }

    static func registered(forName name: NSValueTransformerName) -> ValueTransformer? {
        lock.lock()
        defer { lock.unlock() }
        return registry[name]
    }

    /// Registers an instance of `type` under `name` unless one is registered there.
    static func registerIfAbsent(_ type: ValueTransformer.Type, forName name: NSValueTransformerName) {
        lock.lock()
        defer { lock.unlock() }
        if registry[name] == nil { registry[name] = type.init() }
    }

    /// The class of the values ``transformedValue(_:)`` returns: `NSObject` unless a
    /// subclass says otherwise.
    open class func transformedValueClass() -> AnyClass {
        NSObject.self
    }

    /// Whether ``reverseTransformedValue(_:)`` undoes the transformation: true unless a
    /// subclass says otherwise.
    open class func allowsReverseTransformation() -> Bool {
        true
    }

    /// The transformed form of a value; the value itself unless a subclass overrides it.
    open func transformedValue(_ value: Any?) -> Any? {
        if let registered { return registered.transformedValue(value) }
        return value
    }

    /// The value a transformed form came from: ``transformedValue(_:)`` applied again
    /// unless a subclass overrides it, and nil when the class does not allow reverse
    /// transformation (where Foundation raises an exception).
    open func reverseTransformedValue(_ value: Any?) -> Any? {
        if let registered { return registered.reverseTransformedValue(value) }
        guard Self.allowsReverseTransformation() else { return nil }
        return transformedValue(value)
    }
}
#endif
