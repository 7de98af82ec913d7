import SwiftSyntaxMacrosGenericTestSupport
import Testing

/// `@Model` on a subclass of a model (`@Model class BusinessTrip: Trip`) describes,
/// reads and writes the subclass's own properties and hands on to the superclass;
/// its properties get an `init` accessor so that its initialisers can set them
/// before `super.init`.
@Suite struct ModelSubclassExpansionTests {
    @Test func nonFinalClassThatInheritsTheConformanceGetsOverridingMembers() {
        assertExpansion(
            """
            @Model
            class BusinessTrip: Trip {
                var perDiem: Double
            }
            """,
            expandedSource: """
            class BusinessTrip: Trip {
                @_PersistedProperty
                var perDiem: Double

                override class var schemaMetadata: [Schema.PropertyMetadata] {
                    [
                        Schema.PropertyMetadata(name: "perDiem", keypath: \\BusinessTrip.perDiem, defaultValue: nil, metadata: nil),
                    ]
                }

                required init(_$reader reader: inout _ModelReader) throws {
                    _perDiem = try reader.read(Double.self)
                    try super.init(_$reader: &reader)
                }

                override func _$encode(to writer: inout _ModelWriter) throws {
                    try writer.write(_perDiem)
                    try super._$encode(to: &writer)
                }

                override func _$faultRelationships() {
                    _perDiem = _ModelFaulting.faulted(_perDiem)
                    super._$faultRelationships()
                }

                required init(backingData: any BackingData<BusinessTrip.Root>) {
                    super.init(backingData: backingData)
                }
            }
            """,
            macros: modelMacroOnly
        )
    }

    @Test func finalClassThatCallsSuperInitIsASubclass() {
        assertExpansion(
            """
            @Model
            final class BusinessTrip: Trip {
                init() { super.init() }
            }
            """,
            expandedSource: """
            final class BusinessTrip: Trip {
                init() { super.init() }

                override class var schemaMetadata: [Schema.PropertyMetadata] {
                    []
                }

                required init(_$reader reader: inout _ModelReader) throws {
                    try super.init(_$reader: &reader)
                }

                override func _$encode(to writer: inout _ModelWriter) throws {
                    try super._$encode(to: &writer)
                }

                override func _$faultRelationships() {
                    super._$faultRelationships()
                }

                required init(backingData: any BackingData<BusinessTrip.Root>) {
                    super.init(backingData: backingData)
                }
            }
            """,
            macros: modelMacroOnly
        )
    }

    @Test func nonFinalRootModelGivesItsMetadataAsAClassVar() {
        assertExpansion(
            """
            @Model
            class Trip {
            }
            """,
            expandedSource: """
            class Trip {

                @Transient let _$observationRegistrar = Observation.ObservationRegistrar()

                @exclusivity(unchecked) @Transient var _$backingState = _ModelBackingState()

                @Transient var _$successorContext: ModelContext? = nil

                class var schemaMetadata: [Schema.PropertyMetadata] {
                    []
                }

                required init(_$reader reader: inout _ModelReader) throws {
                }

                func _$encode(to writer: inout _ModelWriter) throws {
                }

                func _$faultRelationships() {
                }

                required init(backingData: any BackingData<Trip>) {
                    self.persistentBackingData = backingData
                }
            }

            extension Trip: nonisolated PersistentModel, nonisolated Observable {
            }
            """
        )
    }

    @Test func subclassPropertyGetsAnInitAccessorThatStoresTheValue() {
        assertExpansion(
            """
            class BusinessTrip: Trip {
                @_PersistedProperty var perDiem: Double
            }
            """,
            expandedSource: """
            class BusinessTrip: Trip {
                var perDiem: Double {
                    @storageRestrictions(initializes: _perDiem)
                    init(initialValue) {
                        _perDiem = .loaded(initialValue)
                    }
                    get {
                        _$backingState._noteRead()
                        _$observationRegistrar.access(self, keyPath: \\.perDiem)
                        if case .loaded(let value) = _perDiem {
                            return value
                        }
                        let value = _$resolve(\\.perDiem, _perDiem)
                        _perDiem = .loaded(value)
                        return value
                    }
                    set {
                        let oldValue = _perDiem
                        if _$backingState.mayBeObserved {
                            _$observationRegistrar.withMutation(of: self, keyPath: \\.perDiem) {
                                _perDiem = .loaded(newValue)
                            }
                        } else {
                            _perDiem = .loaded(newValue)
                        }
                        _$didSet(\\.perDiem, from: oldValue, to: newValue)
                    }
                }

                @Transient private var _perDiem: _PersistedStorage<Double> = .unloaded
            }
            """
        )
    }
}
