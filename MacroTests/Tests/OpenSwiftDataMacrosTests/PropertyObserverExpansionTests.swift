import OpenSwiftDataMacroExpansions
import SwiftSyntaxMacroExpansion
import SwiftSyntaxMacrosGenericTestSupport
import Testing

/// `willSet` and `didSet` on a persisted property move into private methods that the
/// generated setter calls.
@Suite struct PropertyObserverExpansionTests {
    /// `var title: String` with `observers` written on it, expanded by `@_PersistedProperty`
    /// alone: `setter` are the lines of the setter, `methods` the peers after the storage.
    ///
    /// The test support appends the generated accessors to the block that holds the
    /// observers; the compiler instead replaces the observers with them.
    private func expanded(observers: String, setter: [String], methods: String) -> String {
        "final class M {\n"
            + "    var title: String { \(observers) \n"
            + """
                    @storageRestrictions(initializes: _title)
                    init(initialValue) {
                        _title = .loaded(initialValue)
                    }

                    get {
                        _$backingState._noteRead()
                        _$observationRegistrar.access(self, keyPath: \\.title)
                        if case .loaded(let value) = _title {
                            return value
                        }
                        let value = _$resolve(\\.title, _title)
                        _title = .loaded(value)
                        return value
                    }

                    set {

            """
            + setter.map { "            " + $0 + "\n" }.joined()
            + """
                    }}

                @Transient private var _title: _PersistedStorage<String> = .unloaded

            \(methods)
            }
            """
    }

    /// The lines every setter has, between what runs before and after the store.
    private func store(before: [String], after: [String]) -> [String] {
        before + [
            "let oldValue = _title",
            "if _$backingState.mayBeObserved {",
            "    _$observationRegistrar.withMutation(of: self, keyPath: \\.title) {",
            "        _title = .loaded(newValue)",
            "    }",
            "} else {",
            "    _title = .loaded(newValue)",
            "}",
            "_$didSet(\\.title, from: oldValue, to: newValue)",
        ] + after
    }

    private let persisted = ["_PersistedProperty": MacroSpec(type: PersistedPropertyMacro.self)]

    @Test func didSetReadingOldValueGetsItBeforeTheStore() {
        assertExpansion(
            """
            final class M {
                @_PersistedProperty var title: String { didSet { edits += 1; last = oldValue } }
            }
            """,
            expandedSource: expanded(
                observers: "didSet { edits += 1; last = oldValue }",
                setter: store(
                    before: [
                        "let runsObservers = _PropertyObservers.areRunning && _$hasValue(_title)",
                        "let observedOldValue: String? = runsObservers ? .some(title) : .none",
                    ],
                    after: ["if case .some(let observedOldValue) = observedOldValue {", "    _$didSet_title(observedOldValue)", "}"]
                ),
                methods: "    private func _$didSet_title(_ oldValue: String) {\n        edits += 1;\n        last = oldValue\n    }"
            ),
            macros: persisted
        )
    }

    @Test func didSetNotReadingOldValueTakesNone() {
        assertExpansion(
            """
            final class M {
                @_PersistedProperty var title: String { didSet { edits += 1 } }
            }
            """,
            expandedSource: expanded(
                observers: "didSet { edits += 1 }",
                setter: store(
                    before: ["let runsObservers = _PropertyObservers.areRunning && _$hasValue(_title)"],
                    after: ["if runsObservers {", "    _$didSet_title()", "}"]
                ),
                methods: "    private func _$didSet_title() {\n        edits += 1\n    }"
            ),
            macros: persisted
        )
    }

    @Test func willSetWithNamedParameterKeepsTheName() {
        assertExpansion(
            """
            final class M {
                @_PersistedProperty var title: String { willSet(next) { pending = next } }
            }
            """,
            expandedSource: expanded(
                observers: "willSet(next) { pending = next }",
                setter: store(
                    before: [
                        "let runsObservers = _PropertyObservers.areRunning && _$hasValue(_title)",
                        "if runsObservers {",
                        "    _$willSet_title(newValue)",
                        "}",
                    ],
                    after: []
                ),
                methods: "    private func _$willSet_title(_ next: String) {\n        pending = next\n    }"
            ),
            macros: persisted
        )
    }

    @Test func modelPersistsAPropertyWithObservers() {
        assertExpansion(
            """
            @Model
            final class Trip {
                var count: Int = 0 { didSet { print(count) } }
            }
            """,
            expandedSource: """
            final class Trip {
                @_PersistedProperty
                var count: Int = 0 { didSet { print(count) } }

                @Transient let _$observationRegistrar = Observation.ObservationRegistrar()

                @exclusivity(unchecked) @Transient var _$backingState = _ModelBackingState()

                @Transient var _$successorContext: ModelContext? = nil

                static var schemaMetadata: [Schema.PropertyMetadata] {
                    [
                        Schema.PropertyMetadata(name: "count", keypath: \\Trip.count, defaultValue: 0, metadata: nil),
                    ]
                }

                required init(_$reader reader: inout _ModelReader) throws {
                    _count = try reader.read(Int.self)
                }

                func _$encode(to writer: inout _ModelWriter) throws {
                    try writer.write(_count)
                }

                func _$faultRelationships() {
                    _count = _ModelFaulting.faulted(_count)
                }

                required init(backingData: any BackingData<Trip>) {
                    self.persistentBackingData = backingData
                }
            }
            """,
            macros: ["Model": MacroSpec(type: ModelMacro.self, conformances: [])]
        )
    }
}
