import SwiftSyntaxMacrosGenericTestSupport
import Testing

/// One test per misuse `@Model` reports: the message, where it points, and the
/// fix-it where there is a natural one.
@Suite struct ModelDiagnosticsTests {
    @Test func modelOnStructIsRejectedWithFixIt() {
        assertExpansion(
            """
            @Model
            struct Trip {
                var name: String
            }
            """,
            expandedSource: """
            struct Trip {
                var name: String
            }
            """,
            diagnostics: [
                DiagnosticSpec(
                    message: "'@Model' can only be applied to a class, not to a 'struct'; declare the model as a 'final class'",
                    line: 1, column: 1,
                    fixIts: [FixItSpec(message: "Replace 'struct' with 'final class'")]
                ),
            ],
            applyFixIts: ["Replace 'struct' with 'final class'"],
            fixedSource: """
            @Model
            final class Trip {
                var name: String
            }
            """
        )
    }

    @Test func modelOnEnumIsRejected() {
        assertExpansion(
            """
            @Model
            enum Kind {
                case a
            }
            """,
            expandedSource: """
            enum Kind {
                case a
            }
            """,
            diagnostics: [
                DiagnosticSpec(
                    message: "'@Model' can only be applied to a class, not to an 'enum'; declare the model as a 'final class'",
                    line: 1, column: 1
                ),
            ]
        )
    }

    @Test func lazyPersistedPropertyIsRejectedWithFixIt() {
        assertExpansion(
            """
            @Model
            final class Trip {
                lazy var count: Int = 0
            }
            """,
            expandedSource: """
            final class Trip {
                lazy var count: Int = 0

            \(emptyModelMembers("Trip"))
            }
            """,
            diagnostics: [
                DiagnosticSpec(
                    message: "persisted property 'count' cannot be 'lazy'; remove 'lazy', or mark the property '@Transient' to keep it out of the store",
                    line: 3, column: 5,
                    fixIts: [FixItSpec(message: "Remove 'lazy'")]
                ),
            ],
            macros: modelMacroOnly,
            applyFixIts: ["Remove 'lazy'"],
            fixedSource: """
            @Model
            final class Trip {
                var count: Int = 0
            }
            """
        )
    }

    @Test func weakPersistedPropertyIsRejectedWithFixIt() {
        assertExpansion(
            """
            @Model
            final class Trip {
                @Relationship weak var owner: Person?
            }
            """,
            expandedSource: """
            final class Trip {
                @Relationship weak var owner: Person?

            \(emptyModelMembers("Trip"))
            }
            """,
            diagnostics: [
                DiagnosticSpec(
                    message: "persisted property 'owner' cannot be 'weak'; remove 'weak' (the model context owns related models), or mark the property '@Transient'",
                    line: 3, column: 19,
                    fixIts: [FixItSpec(message: "Remove 'weak'")]
                ),
            ],
            macros: modelMacroOnly,
            applyFixIts: ["Remove 'weak'"],
            fixedSource: """
            @Model
            final class Trip {
                @Relationship var owner: Person?
            }
            """
        )
    }

    @Test func severalPropertiesInOneDeclarationAreRejected() {
        assertExpansion(
            """
            @Model
            final class Trip {
                var start: Int = 0, end: Int = 0
            }
            """,
            expandedSource: """
            final class Trip {
                var start: Int = 0, end: Int = 0

            \(emptyModelMembers("Trip"))
            }
            """,
            diagnostics: [
                DiagnosticSpec(
                    message: "'@Model' needs each persisted property in its own declaration; split this into one 'var' per property",
                    line: 3, column: 9
                ),
            ],
            macros: modelMacroOnly
        )
    }

    @Test func propertyWhoseTypeIsNotEvidentIsRejected() {
        assertExpansion(
            """
            @Model
            final class Trip {
                var tags = makeTags()
            }
            """,
            expandedSource: """
            final class Trip {
                var tags = makeTags()

            \(emptyModelMembers("Trip"))
            }
            """,
            diagnostics: [
                DiagnosticSpec(
                    message: "'@Model' cannot infer the type of persisted property 'tags' from its initializer; add a type annotation, as in 'var tags: Type = ...'",
                    line: 3, column: 9
                ),
            ],
            macros: modelMacroOnly
        )
    }

    @Test func transientPropertyWithoutInitialValueIsRejected() {
        assertExpansion(
            """
            @Model
            final class Trip {
                @Transient var cache: [Int]
            }
            """,
            expandedSource: """
            final class Trip {
                @Transient var cache: [Int]

            \(emptyModelMembers("Trip"))
            }
            """,
            diagnostics: [
                DiagnosticSpec(
                    message: "'@Transient' property 'cache' needs an initial value, because models are also created from stored data; add one, as in '= ...', or make its type optional",
                    line: 3, column: 20
                ),
            ],
            macros: modelMacroOnly
        )
    }

    @Test func transientOptionalVarWithoutInitialValueIsAccepted() {
        assertExpansion(
            """
            @Model
            final class Trip {
                @Transient var cache: [Int]?
            }
            """,
            expandedSource: """
            final class Trip {
                @Transient var cache: [Int]?

            \(emptyModelMembers("Trip"))
            }
            """,
            macros: modelMacroOnly
        )
    }

    @Test func attributeAndRelationshipTogetherAreRejectedWithFixIts() {
        assertExpansion(
            """
            @Model
            final class Trip {
                @Attribute(.unique) @Relationship(deleteRule: .cascade) var stops: [Stop] = []
            }
            """,
            expandedSource: """
            final class Trip {
                @Attribute(.unique) @Relationship(deleteRule: .cascade)
                @_PersistedProperty var stops: [Stop] = []

                @Transient let _$observationRegistrar = Observation.ObservationRegistrar()

                @exclusivity(unchecked) @Transient var _$backingState = _ModelBackingState()

                @Transient var _$successorContext: ModelContext? = nil

                static var schemaMetadata: [Schema.PropertyMetadata] {
                    [
                        Schema.PropertyMetadata(name: "stops", keypath: \\Trip.stops, defaultValue: [], metadata: Schema.Attribute(.unique), storage: \\Trip._stops),
                    ]
                }

                required init(_$reader reader: inout _ModelReader) throws {
                    _stops = try reader.read([Stop].self)
                }

                func _$encode(to writer: inout _ModelWriter) throws {
                    try writer.write(_stops)
                }

                func _$faultRelationships() {
                    _stops = _ModelFaulting.faulted(_stops)
                }

                required init(backingData: any BackingData<Trip>) {
                    self.persistentBackingData = backingData
                }
            }
            """,
            diagnostics: [
                DiagnosticSpec(
                    message: "property 'stops' cannot have both '@Attribute' and '@Relationship'; keep '@Relationship' for a model or a collection of models, '@Attribute' otherwise",
                    line: 3, column: 25,
                    fixIts: [FixItSpec(message: "Remove '@Attribute'"), FixItSpec(message: "Remove '@Relationship'")]
                ),
            ],
            macros: modelMacroOnly,
            applyFixIts: ["Remove '@Attribute'"],
            fixedSource: """
            @Model
            final class Trip {
                @Relationship(deleteRule: .cascade) var stops: [Stop] = []
            }
            """
        )
    }

    @Test func removingTheSecondOfTwoAttributesOnSeparateLinesKeepsTheLayout() {
        assertExpansion(
            """
            @Model
            final class Trip {
                @Attribute(.unique)
                @Relationship(deleteRule: .cascade) var stops: [Stop] = []
            }
            """,
            expandedSource: """
            final class Trip {
                @Attribute(.unique)
                @Relationship(deleteRule: .cascade)
                @_PersistedProperty var stops: [Stop] = []

                @Transient let _$observationRegistrar = Observation.ObservationRegistrar()

                @exclusivity(unchecked) @Transient var _$backingState = _ModelBackingState()

                @Transient var _$successorContext: ModelContext? = nil

                static var schemaMetadata: [Schema.PropertyMetadata] {
                    [
                        Schema.PropertyMetadata(name: "stops", keypath: \\Trip.stops, defaultValue: [], metadata: Schema.Attribute(.unique), storage: \\Trip._stops),
                    ]
                }

                required init(_$reader reader: inout _ModelReader) throws {
                    _stops = try reader.read([Stop].self)
                }

                func _$encode(to writer: inout _ModelWriter) throws {
                    try writer.write(_stops)
                }

                func _$faultRelationships() {
                    _stops = _ModelFaulting.faulted(_stops)
                }

                required init(backingData: any BackingData<Trip>) {
                    self.persistentBackingData = backingData
                }
            }
            """,
            diagnostics: [
                DiagnosticSpec(
                    message: "property 'stops' cannot have both '@Attribute' and '@Relationship'; keep '@Relationship' for a model or a collection of models, '@Attribute' otherwise",
                    line: 4, column: 5,
                    fixIts: [FixItSpec(message: "Remove '@Attribute'"), FixItSpec(message: "Remove '@Relationship'")]
                ),
            ],
            macros: modelMacroOnly,
            applyFixIts: ["Remove '@Relationship'"],
            fixedSource: """
            @Model
            final class Trip {
                @Attribute(.unique) var stops: [Stop] = []
            }
            """
        )
    }
}
