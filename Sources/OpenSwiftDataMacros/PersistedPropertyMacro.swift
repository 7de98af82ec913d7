import SwiftSyntax
import SwiftSyntaxBuilder
import SwiftSyntaxMacros

/// `@_PersistedProperty`, added by `@Model`: turns a stored property into a computed
/// one over a private `_PersistedStorage` peer that the runtime fills on first read.
///
/// It reports nothing: `@Model` attaches it only to properties it has accepted and
/// reports the problems with the others.
public struct PersistedPropertyMacro: AccessorMacro, PeerMacro {
    public static func expansion(
        of node: AttributeSyntax,
        providingAccessorsOf declaration: some DeclSyntaxProtocol,
        in context: some MacroExpansionContext
    ) throws -> [AccessorDeclSyntax] {
        guard let property = PropertyAnalysis.analyze(declaration).property, !property.isConstant else { return [] }
        let name = property.name.text
        let storage = "_\(property.plainName)"
        // Swift calls `init` for an assignment in an initialiser while the model is not
        // yet whole: before a `let` without an initial value is set, or, in a subclass,
        // before `super.init`. The value is stored with nothing to track yet; the
        // context joins relationships set this way to their inverses on insert.
        return [
            """
            @storageRestrictions(initializes: \(raw: storage))
            init(initialValue) {
                \(raw: storage) = .loaded(initialValue)
            }
            """,
            """
            get {
                _$backingState._noteRead()
                _$observationRegistrar.access(self, keyPath: \\.\(raw: name))
                if case .loaded(let value) = \(raw: storage) { return value }
                let value = _$resolve(\\.\(raw: name), \(raw: storage))
                \(raw: storage) = .loaded(value)
                return value
            }
            """,
            setter(property, name: name, storage: storage),
        ]
    }

    /// Stores the value (telling the observation registrar once a getter may have
    /// registered an observer, see `_ModelBackingState.mayBeObserved`), tracks the
    /// change, and runs the property's own observers around that, unless the engine is
    /// the one setting it (`_PropertyObservers`) or this is the property's first value
    /// (an initialiser's assignment, for which Swift runs no observers either, and
    /// which has no old value to give `didSet`).
    private static func setter(_ property: PersistedProperty, name: String, storage: String) -> AccessorDeclSyntax {
        let observers = property.observers
        var before: [String] = []
        var after: [String] = []
        if !observers.isEmpty {
            before.append("let runsObservers = _PropertyObservers.areRunning && _$hasValue(\(storage))")
        }
        if observers.willSetAccessor != nil {
            before.append("if runsObservers { \(PropertyObservers.willSetMethod(property.plainName))(newValue) }")
        }
        if observers.didSetReadsOldValue {
            before.append("let observedOldValue: \(property.storageType.trimmedDescription)? = runsObservers ? .some(\(name)) : .none")
            after.append("if case .some(let observedOldValue) = observedOldValue { \(PropertyObservers.didSetMethod(property.plainName))(observedOldValue) }")
        } else if observers.didSetAccessor != nil {
            after.append("if runsObservers { \(PropertyObservers.didSetMethod(property.plainName))() }")
        }
        let lines = before + [
            "let oldValue = \(storage)",
            "if _$backingState.mayBeObserved {",
            "    _$observationRegistrar.withMutation(of: self, keyPath: \\.\(name)) {",
            "        \(storage) = .loaded(newValue)",
            "    }",
            "} else {",
            "    \(storage) = .loaded(newValue)",
            "}",
            "_$didSet(\\.\(name), from: oldValue, to: newValue)",
        ] + after
        return "set {\n\(raw: lines.map { "    " + $0 }.joined(separator: "\n"))\n}"
    }

    public static func expansion(
        of node: AttributeSyntax,
        providingPeersOf declaration: some DeclSyntaxProtocol,
        in context: some MacroExpansionContext
    ) throws -> [DeclSyntax] {
        guard let property = PropertyAnalysis.analyze(declaration).property, !property.isConstant else { return [] }
        return [
            """
            @Transient private var _\(raw: property.plainName): _PersistedStorage<\(property.storageType)> = \(property.peerInitialValue)
            """,
        ] + property.observers.methods(plainName: property.plainName, type: property.storageType)
    }
}
