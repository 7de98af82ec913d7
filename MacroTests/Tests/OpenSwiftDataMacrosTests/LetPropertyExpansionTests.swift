import SwiftSyntaxMacrosGenericTestSupport
import Testing

/// A `let` stays a stored constant, persisted like a `var`: without an initial value
/// the generated reader sets it; with one, the reader stores the read value over it.
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

                @exclusivity(unchecked) @Transient var _$backingState = _ModelBackingState()

                @Transient var _$successorContext: ModelContext? = nil

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

    @Test func letWithInitialValueIsReadIntoALocalAndStoredOverItsInitialValue() {
        assertExpansion(
            #"""
            @Model
            final class Receipt {
                let id = UUID()
                var note: String = ""
            }
            """#,
            expandedSource: #"""
            final class Receipt {
                let id = UUID()
            \#(expandedProperty("var note: String", name: "note", peer: #"@Transient private var _note: _PersistedStorage<String> = .loaded("")"#))

                @Transient let _$observationRegistrar = Observation.ObservationRegistrar()

                @exclusivity(unchecked) @Transient var _$backingState = _ModelBackingState()

                @Transient var _$successorContext: ModelContext? = nil

                static var schemaMetadata: [Schema.PropertyMetadata] {
                    [
                        Schema.PropertyMetadata(name: "id", keypath: \Receipt.id, defaultValue: UUID(), metadata: nil),
                        Schema.PropertyMetadata(name: "note", keypath: \Receipt.note, defaultValue: "", metadata: nil),
                    ]
                }

                required init(_$reader reader: inout _ModelReader) throws {
                    let _$id = try reader.read(UUID.self)._$constant("id", of: "Receipt")
                    _note = try reader.read(String.self)
                    _LetStorage.store(_$id, in: self, property: "id", of: Receipt.self)
                }

                func _$encode(to writer: inout _ModelWriter) throws {
                    try writer.write(_PersistedStorage<UUID>.loaded(id))
                    try writer.write(_note)
                }

                func _$faultRelationships() {
                    _note = _ModelFaulting.faulted(_note)
                }

                required init(backingData: any BackingData<Receipt>) {
                    self.persistentBackingData = backingData
                    if let value = _BackingDataValues.storedConstant(backingData, \Receipt.id) {
                        _LetStorage.store(value, in: self, property: "id", of: Receipt.self)
                    }
                }
            }

            extension Receipt: nonisolated PersistentModel, nonisolated Observable {
            }
            """#
        )
    }

    @Test func letWithInitialValueInASubclassIsStoredAfterTheSuperclassIsRead() {
        assertExpansion(
            #"""
            @Model
            class Renewal: Loan {
                @Attribute(.externalStorage) let scan: Data = Data()
            }
            """#,
            expandedSource: #"""
            class Renewal: Loan {
                @Attribute(.externalStorage) let scan: Data = Data()

                override class var schemaMetadata: [Schema.PropertyMetadata] {
                    [
                        Schema.PropertyMetadata(name: "scan", keypath: \Renewal.scan, defaultValue: Data(), metadata: Schema.Attribute(.externalStorage)),
                    ]
                }

                required init(_$reader reader: inout _ModelReader) throws {
                    let _$scan = try reader.read(Data.self)._$constant("scan", of: "Renewal")
                    try super.init(_$reader: &reader)
                    _LetStorage.store(_$scan, in: self, property: "scan", of: Renewal.self)
                }

                override func _$encode(to writer: inout _ModelWriter) throws {
                    try writer.write(_PersistedStorage<Data>.loaded(scan))
                    try super._$encode(to: &writer)
                }

                override func _$faultRelationships() {
                    super._$faultRelationships()
                }

                required init(backingData: any BackingData<Renewal.Root>) {
                    super.init(backingData: backingData)
                    if let value = _BackingDataValues.storedConstant(backingData, \Renewal.scan) {
                        _LetStorage.store(value, in: self, property: "scan", of: Renewal.self)
                    }
                }
            }
            """#,
            macros: modelMacroOnly
        )
    }

    // A `let` relationship expands as a `let` attribute does: the compiler picks the
    // relationship overloads of `Schema.PropertyMetadata`, `_$constant` and
    // `_BackingDataValues.constant` from its type.
    @Test func letRelationshipIsReadWrittenAndNeverFaulted() {
        assertExpansion(
            #"""
            @Model
            final class Loan {
                @Relationship(deleteRule: .deny) let book: Book
                let witness: Person?

                init(book: Book, witness: Person?) {
                    self.book = book
                    self.witness = witness
                }
            }
            """#,
            expandedSource: #"""
            final class Loan {
                @Relationship(deleteRule: .deny) let book: Book
                let witness: Person?

                init(book: Book, witness: Person?) {
                    self.book = book
                    self.witness = witness
                }

                @Transient let _$observationRegistrar = Observation.ObservationRegistrar()

                @exclusivity(unchecked) @Transient var _$backingState = _ModelBackingState()

                @Transient var _$successorContext: ModelContext? = nil

                static var schemaMetadata: [Schema.PropertyMetadata] {
                    [
                        Schema.PropertyMetadata(name: "book", keypath: \Loan.book, defaultValue: nil, metadata: Schema.Relationship(deleteRule: .deny)),
                        Schema.PropertyMetadata(name: "witness", keypath: \Loan.witness, defaultValue: nil, metadata: nil),
                    ]
                }

                required init(_$reader reader: inout _ModelReader) throws {
                    book = try reader.read(Book.self)._$constant("book", of: "Loan")
                    witness = try reader.read(Person?.self)._$constant("witness", of: "Loan")
                }

                func _$encode(to writer: inout _ModelWriter) throws {
                    try writer.write(_PersistedStorage<Book>.loaded(book))
                    try writer.write(_PersistedStorage<Person?>.loaded(witness))
                }

                func _$faultRelationships() {
                }

                required init(backingData: any BackingData<Loan>) {
                    book = _BackingDataValues.constant(backingData, \Loan.book, "book", of: "Loan")
                    witness = _BackingDataValues.constant(backingData, \Loan.witness, "witness", of: "Loan")
                    self.persistentBackingData = backingData
                }
            }

            extension Loan: nonisolated PersistentModel, nonisolated Observable {
            }
            """#
        )
    }

    @Test func letRelationshipWithInitialValueIsReadIntoALocalAndStoredOverIt() {
        assertExpansion(
            #"""
            @Model
            final class Loan {
                let witness: Person? = nil
            }
            """#,
            expandedSource: #"""
            final class Loan {
                let witness: Person? = nil

                @Transient let _$observationRegistrar = Observation.ObservationRegistrar()

                @exclusivity(unchecked) @Transient var _$backingState = _ModelBackingState()

                @Transient var _$successorContext: ModelContext? = nil

                static var schemaMetadata: [Schema.PropertyMetadata] {
                    [
                        Schema.PropertyMetadata(name: "witness", keypath: \Loan.witness, defaultValue: nil, metadata: nil),
                    ]
                }

                required init(_$reader reader: inout _ModelReader) throws {
                    let _$witness = try reader.read(Person?.self)._$constant("witness", of: "Loan")
                    _LetStorage.store(_$witness, in: self, property: "witness", of: Loan.self)
                }

                func _$encode(to writer: inout _ModelWriter) throws {
                    try writer.write(_PersistedStorage<Person?>.loaded(witness))
                }

                func _$faultRelationships() {
                }

                required init(backingData: any BackingData<Loan>) {
                    self.persistentBackingData = backingData
                    if let value = _BackingDataValues.storedConstant(backingData, \Loan.witness) {
                        _LetStorage.store(value, in: self, property: "witness", of: Loan.self)
                    }
                }
            }

            extension Loan: nonisolated PersistentModel, nonisolated Observable {
            }
            """#
        )
    }
}
