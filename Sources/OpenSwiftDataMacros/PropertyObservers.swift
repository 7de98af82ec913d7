import SwiftSyntax

/// The `willSet` and `didSet` written on a persisted property.
///
/// The property becomes computed, so the compiler no longer runs them; the generated
/// setter calls them instead, through private methods that hold their bodies verbatim.
struct PropertyObservers {
    let willSetAccessor: AccessorDeclSyntax?
    let didSetAccessor: AccessorDeclSyntax?

    init(_ block: AccessorBlockSyntax?) {
        guard case .accessors(let accessors) = block?.accessors else {
            willSetAccessor = nil
            didSetAccessor = nil
            return
        }
        willSetAccessor = accessors.first { $0.accessorSpecifier.tokenKind == .keyword(.willSet) }
        didSetAccessor = accessors.first { $0.accessorSpecifier.tokenKind == .keyword(.didSet) }
    }

    var isEmpty: Bool { willSetAccessor == nil && didSetAccessor == nil }

    /// The name the `willSet` body gives the new value: `newValue` unless it names one.
    var newValueName: String { willSetAccessor?.parameters?.name.text ?? "newValue" }

    /// The name the `didSet` body gives the old value: `oldValue` unless it names one.
    var oldValueName: String { didSetAccessor?.parameters?.name.text ?? "oldValue" }

    /// Whether `didSet` reads the old value; as in Swift, the old value is fetched only then.
    var didSetReadsOldValue: Bool {
        guard let didSetAccessor else { return false }
        if didSetAccessor.parameters != nil { return true }
        return didSetAccessor.body?.tokens(viewMode: .sourceAccurate).contains { $0.tokenKind == .identifier("oldValue") } ?? false
    }

    static func willSetMethod(_ plainName: String) -> String { "_$willSet_\(plainName)" }
    static func didSetMethod(_ plainName: String) -> String { "_$didSet_\(plainName)" }

    /// The private methods the setter calls.
    func methods(plainName: String, type: TypeSyntax) -> [DeclSyntax] {
        var methods: [DeclSyntax] = []
        if let body = willSetAccessor?.body {
            methods.append("private func \(raw: Self.willSetMethod(plainName))(_ \(raw: newValueName): \(type.trimmed)) \(body.trimmed)")
        }
        if let body = didSetAccessor?.body {
            let parameter = didSetReadsOldValue ? "_ \(oldValueName): \(type.trimmedDescription)" : ""
            methods.append("private func \(raw: Self.didSetMethod(plainName))(\(raw: parameter)) \(body.trimmed)")
        }
        return methods
    }
}
