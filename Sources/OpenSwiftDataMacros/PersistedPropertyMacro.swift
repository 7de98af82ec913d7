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
        guard let property = PropertyAnalysis.analyze(declaration).property else { return [] }
        let name = property.name.text
        let storage = "_\(property.plainName)"
        return [
            """
            get {
                _$observationRegistrar.access(self, keyPath: \\.\(raw: name))
                if case .loaded(let value) = \(raw: storage) { return value }
                let value = _$resolve(\\.\(raw: name), \(raw: storage))
                \(raw: storage) = .loaded(value)
                return value
            }
            """,
            """
            set {
                let oldValue = \(raw: storage)
                _$observationRegistrar.withMutation(of: self, keyPath: \\.\(raw: name)) {
                    \(raw: storage) = .loaded(newValue)
                }
                _$didSet(\\.\(raw: name), from: oldValue, to: newValue)
            }
            """,
        ]
    }

    public static func expansion(
        of node: AttributeSyntax,
        providingPeersOf declaration: some DeclSyntaxProtocol,
        in context: some MacroExpansionContext
    ) throws -> [DeclSyntax] {
        guard let property = PropertyAnalysis.analyze(declaration).property else { return [] }
        return [
            """
            @Transient private var _\(raw: property.plainName): _PersistedStorage<\(property.storageType)> = \(property.peerInitialValue)
            """,
        ]
    }
}
