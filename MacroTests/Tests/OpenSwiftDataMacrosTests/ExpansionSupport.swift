import OpenSwiftDataMacroExpansions
import SwiftSyntax
import SwiftSyntaxBuilder
import SwiftSyntaxMacroExpansion
import SwiftSyntaxMacros
import SwiftSyntaxMacrosGenericTestSupport
import Testing

/// The macros as the compiler sees them inside a model. `@Attribute`,
/// `@Relationship` and `@Transient` are left out so that they stay in the expanded
/// source, as they do in the contract; they generate nothing anyway.
let modelMacros: [String: MacroSpec] = [
    "Model": MacroSpec(type: ModelMacro.self, conformances: ["PersistentModel", "Observable"]),
    "_PersistedProperty": MacroSpec(type: PersistedPropertyMacro.self),
    "Unique": MacroSpec(type: UniqueMacro.self),
    "Index": MacroSpec(type: IndexMacro.self),
]

/// `assertMacroExpansion` reporting its failures as Swift Testing issues.
func assertExpansion(
    _ source: String,
    expandedSource: String,
    diagnostics: [DiagnosticSpec] = [],
    macros: [String: MacroSpec] = modelMacros,
    applyFixIts: [String]? = nil,
    fixedSource: String? = nil,
    sourceLocation: Testing.SourceLocation = #_sourceLocation
) {
    assertMacroExpansion(
        source,
        expandedSource: expandedSource,
        diagnostics: diagnostics,
        macroSpecs: macros,
        applyFixIts: applyFixIts,
        fixedSource: fixedSource,
        failureHandler: { Issue.record(Comment(rawValue: $0.message), sourceLocation: sourceLocation) }
    )
}

/// What `@_PersistedProperty` makes of a property, indented as a class member:
/// `header` is the property as it reads once its initializer has moved to the peer
/// (`var count`, `var notes: String?`), `peer` the expected peer declaration.
func expandedProperty(_ header: String, name: String, peer: String) -> String {
    """
        \(header) {
            @storageRestrictions(initializes: _\(name))
            init(initialValue) {
                _\(name) = .loaded(initialValue)
            }
            get {
                _$backingState._noteRead()
                _$observationRegistrar.access(self, keyPath: \\.\(name))
                if case .loaded(let value) = _\(name) {
                    return value
                }
                let value = _$resolve(\\.\(name), _\(name))
                _\(name) = .loaded(value)
                return value
            }
            set {
                let oldValue = _\(name)
                if _$backingState.mayBeObserved {
                    _$observationRegistrar.withMutation(of: self, keyPath: \\.\(name)) {
                        _\(name) = .loaded(newValue)
                    }
                } else {
                    _\(name) = .loaded(newValue)
                }
                _$didSet(\\.\(name), from: oldValue, to: newValue)
            }
        }

        \(peer)
    """
}

/// Expands `@_PersistedProperty` alone on one property of a class and checks the
/// peer that comes out.
func assertPersistedProperty(
    _ declaration: String,
    expandsTo header: String,
    name: String,
    peer: String,
    sourceLocation: Testing.SourceLocation = #_sourceLocation
) {
    assertExpansion(
        """
        final class M {
            @_PersistedProperty \(declaration)
        }
        """,
        expandedSource: """
        final class M {
        \(expandedProperty(header, name: name, peer: peer))
        }
        """,
        macros: ["_PersistedProperty": MacroSpec(type: PersistedPropertyMacro.self)],
        sourceLocation: sourceLocation
    )
}

/// `@Model` alone, without the conformance, so that a diagnostic test shows only
/// the members and the diagnostics.
let modelMacroOnly: [String: MacroSpec] = ["Model": MacroSpec(type: ModelMacro.self, conformances: [])]

/// The members `@Model` adds to an internal class with no persisted property.
func emptyModelMembers(_ className: String) -> String {
    """
        @Transient let _$observationRegistrar = Observation.ObservationRegistrar()

        @exclusivity(unchecked) @Transient var _$backingState = _ModelBackingState()

        @Transient var _$successorContext: ModelContext? = nil

        static var schemaMetadata: [Schema.PropertyMetadata] {
            []
        }

        required init(_$reader reader: inout _ModelReader) throws {
        }

        func _$encode(to writer: inout _ModelWriter) throws {
        }

        func _$faultRelationships() {
        }

        required init(backingData: any BackingData<\(className)>) {
            self.persistentBackingData = backingData
        }
    """
}
