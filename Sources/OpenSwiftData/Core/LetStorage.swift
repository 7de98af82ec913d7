@_spi(Reflection) import Swift
import Synchronization

/// Gives a `let` that has an initial value (`let id = UUID()`) the value the store
/// holds, when `@Model`'s generated initialisers make a model from stored data.
///
/// Swift evaluates such a `let`'s initial value in every initialiser and lets none
/// of them assign it again, and it allows no accessors on a `let`, so the stored
/// value can only be written into the property's storage once the model exists,
/// before anything else can see it. The generated initialisers do that, as the last
/// thing they do; the model's own initialisers, and so new models, keep the initial
/// value. SwiftData, whose `@Model` gives the `let` accessors (which Swift 5 allows
/// with a warning), likewise gives a fetched model the stored value.
public enum _LetStorage {
    private struct Field: Hashable {
        let type: ObjectIdentifier
        let name: String
    }

    /// `_EachFieldOptions.classType`, which the standard library declares as a
    /// `static var` and strict concurrency checking will not let us read.
    private static let classType = _EachFieldOptions(rawValue: 1 << 0)

    /// Each property's offset in its class's objects, found once per class and name.
    private static let offsets = Mutex<[Field: Int]>([:])

    /// Replaces the value of `property`, a `let` of `Model`, in `model`.
    public static func store<Model: AnyObject, Value>(_ value: Value, in model: Model, property: String, of modelType: Model.Type) {
        let offset = offset(of: property, in: modelType, as: Value.self)
        Unmanaged.passUnretained(model).toOpaque().advanced(by: offset)
            .assumingMemoryBound(to: Value.self).pointee = value
    }

    private static func offset<Value>(of property: String, in modelType: AnyClass, as valueType: Value.Type) -> Int {
        let field = Field(type: ObjectIdentifier(modelType), name: property)
        if let offset = offsets.withLock({ $0[field] }) { return offset }
        var found: (offset: Int, type: Any.Type)?
        _ = _forEachField(of: modelType, options: classType) { name, offset, type, _ in
            guard String(cString: name) == property else { return true }
            found = (offset, type)
            return false
        }
        // `@Model` names only stored properties of the class, with the type it reads
        // them as; anything else is a fault in the macro, not in the user's data.
        guard let found, found.type == Value.self else {
            preconditionFailure("\(modelType) has no stored property '\(property)' of type \(Value.self)")
        }
        offsets.withLock { $0[field] = found.offset }
        return found.offset
    }
}
