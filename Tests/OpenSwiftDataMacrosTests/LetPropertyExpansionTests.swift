import SwiftSyntaxMacrosGenericTestSupport
import Testing

/// A `let` without an initial value stays a stored constant that the generated reader
/// sets; a `let` with one is refused, offering `private(set) var`.
@Suite struct LetPropertyExpansionTests {
    @Test func letWithoutInitialValueIsReadWrittenAndNeverFaulted() {
        assertExpansion(
            #"""
            @Model
            final class Receipt {
                let issuedAt: Date
                var note: String = ""

                init(issuedAt: Date) { self.issuedAt = issuedAt }
            }
            """#,
            expandedSource: #"""
            final class Receipt {
                let issuedAt: Date
            \#(expandedProperty("var note: String", name: "note", peer: #"@Transient private var _note: _PersistedStorage<String> = .loaded("")"#))

                init(issuedAt: Date) { self.issuedAt = issuedAt }

                @Transient let _$observationRegistrar = Observation.ObservationRegistrar()

                @Transient var _$backingState = _ModelBackingState()

                static var schemaMetadata: [Schema.PropertyMetadata] {
                    [
                        Schema.PropertyMetadata(name: "issuedAt", keypath: \Receipt.issuedAt, defaultValue: nil, metadata: nil),
                        Schema.PropertyMetadata(name: "note", keypath: \Receipt.note, defaultValue: "", metadata: nil),
                    ]
                }

                required init(_$reader reader: inout _ModelReader) throws {
                    issuedAt = try reader.read(Date.self)._$constant("issuedAt", of: "Receipt")
                    _note = try reader.read(String.self)
                }

                func _$encode(to writer: inout _ModelWriter) throws {
                    try writer.write(_PersistedStorage<Date>.loaded(issuedAt))
                    try writer.write(_note)
                }

                func _$faultRelationships() {
                    _note = _ModelFaulting.faulted(_note)
                }

                required init(backingData: any BackingData<Receipt>) {
                    issuedAt = _BackingDataValues.constant(backingData, \Receipt.issuedAt, "issuedAt", of: "Receipt")
                    self.persistentBackingData = backingData
                }
            }

            extension Receipt: nonisolated PersistentModel, nonisolated Observable {
            }
            """#
        )
    }

    @Test func letWithInitialValueIsRejectedOfferingPrivateSetVar() {
        assertExpansion(
            """
            @Model
            final class Receipt {
                let id = UUID()
            }
            """,
            expandedSource: """
            final class Receipt {
                let id = UUID()

            \(emptyModelMembers("Receipt"))
            }
            """,
            diagnostics: [
                DiagnosticSpec(
                    message: "persisted property 'id' cannot be a 'let' with an initial value: Swift would give a model read back from the store a new value instead of the stored one; write 'private(set) var id = UUID()', which stays read-only outside the class, or keep 'let' without '= ...' and set it in the initialiser",
                    line: 3, column: 5,
                    fixIts: [FixItSpec(message: "Replace 'let' with 'private(set) var'")]
                ),
            ],
            macros: modelMacroOnly,
            applyFixIts: ["Replace 'let' with 'private(set) var'"],
            fixedSource: """
            @Model
            final class Receipt {
                private(set) var id = UUID()
            }
            """
        )
    }

    @Test func publicLetWithInitialValueKeepsItsAccessInTheFix() {
        assertExpansion(
            """
            @Model
            final class Receipt {
                public let createdAt: Date = .now
            }
            """,
            expandedSource: """
            final class Receipt {
                public let createdAt: Date = .now

            \(emptyModelMembers("Receipt"))
            }
            """,
            diagnostics: [
                DiagnosticSpec(
                    message: "persisted property 'createdAt' cannot be a 'let' with an initial value: Swift would give a model read back from the store a new value instead of the stored one; write 'private(set) var createdAt: Date = .now', which stays read-only outside the class, or keep 'let' without '= ...' and set it in the initialiser",
                    line: 3, column: 12,
                    fixIts: [FixItSpec(message: "Replace 'let' with 'private(set) var'")]
                ),
            ],
            macros: modelMacroOnly,
            applyFixIts: ["Replace 'let' with 'private(set) var'"],
            fixedSource: """
            @Model
            final class Receipt {
                public private(set) var createdAt: Date = .now
            }
            """
        )
    }
}
