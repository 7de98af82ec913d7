import SwiftSyntaxMacroExpansion
import SwiftSyntaxMacrosGenericTestSupport
import OpenSwiftDataMacroExpansions
import Testing

@Suite struct ModelExpansionTests {
    @Test func tripExpandsAsTheContractStates() {
        assertExpansion(
            #"""
            @Model
            final class Trip {
                #Unique<Trip>([\.name, \.startDate])
                #Index<Trip>([\.name], [\.startDate, \.endDate])

                @Attribute(.unique) var name: String
                var startDate: Date = Date.now
                var endDate: Date
                var notes: String?
                var status: Status = .planned
                var tags: [String] = []
                @Relationship(deleteRule: .cascade, inverse: \Stop.trip) var stops: [Stop] = []
                var owner: Person?
                @Transient var isSelected = false
                var displayName: String { name.uppercased() }

                init(name: String, endDate: Date) { self.name = name; self.endDate = endDate }
            }
            """#,
            expandedSource: #"""
            final class Trip {
                static var _$uniquenessConstraints: [[String]] {
                    [["name", "startDate"]]
                }
                static var _$indexes: [[String]] {
                    [["name"], ["startDate", "endDate"]]
                }

                @Attribute(.unique)
                var name: String {
                    @storageRestrictions(initializes: _name)
                    init(initialValue) {
                        _name = .loaded(initialValue)
                    }
                    get {
                        _$backingState._noteRead()
                        _$observationRegistrar.access(self, keyPath: \.name)
                        if case .loaded(let value) = _name {
                            return value
                        }
                        let value = _$resolve(\.name, _name)
                        _name = .loaded(value)
                        return value
                    }
                    set {
                        let oldValue = _name
                        if _$backingState.mayBeObserved {
                            _$observationRegistrar.withMutation(of: self, keyPath: \.name) {
                                _name = .loaded(newValue)
                            }
                        } else {
                            _name = .loaded(newValue)
                        }
                        _$didSet(\.name, from: oldValue, to: newValue)
                    }
                }

                @Transient private var _name: _PersistedStorage<String> = .unloaded
                var startDate: Date {
                    @storageRestrictions(initializes: _startDate)
                    init(initialValue) {
                        _startDate = .loaded(initialValue)
                    }
                    get {
                        _$backingState._noteRead()
                        _$observationRegistrar.access(self, keyPath: \.startDate)
                        if case .loaded(let value) = _startDate {
                            return value
                        }
                        let value = _$resolve(\.startDate, _startDate)
                        _startDate = .loaded(value)
                        return value
                    }
                    set {
                        let oldValue = _startDate
                        if _$backingState.mayBeObserved {
                            _$observationRegistrar.withMutation(of: self, keyPath: \.startDate) {
                                _startDate = .loaded(newValue)
                            }
                        } else {
                            _startDate = .loaded(newValue)
                        }
                        _$didSet(\.startDate, from: oldValue, to: newValue)
                    }
                }

                @Transient private var _startDate: _PersistedStorage<Date> = .loaded(Date.now)
                var endDate: Date {
                    @storageRestrictions(initializes: _endDate)
                    init(initialValue) {
                        _endDate = .loaded(initialValue)
                    }
                    get {
                        _$backingState._noteRead()
                        _$observationRegistrar.access(self, keyPath: \.endDate)
                        if case .loaded(let value) = _endDate {
                            return value
                        }
                        let value = _$resolve(\.endDate, _endDate)
                        _endDate = .loaded(value)
                        return value
                    }
                    set {
                        let oldValue = _endDate
                        if _$backingState.mayBeObserved {
                            _$observationRegistrar.withMutation(of: self, keyPath: \.endDate) {
                                _endDate = .loaded(newValue)
                            }
                        } else {
                            _endDate = .loaded(newValue)
                        }
                        _$didSet(\.endDate, from: oldValue, to: newValue)
                    }
                }

                @Transient private var _endDate: _PersistedStorage<Date> = .unloaded
                var notes: String? {
                    @storageRestrictions(initializes: _notes)
                    init(initialValue) {
                        _notes = .loaded(initialValue)
                    }
                    get {
                        _$backingState._noteRead()
                        _$observationRegistrar.access(self, keyPath: \.notes)
                        if case .loaded(let value) = _notes {
                            return value
                        }
                        let value = _$resolve(\.notes, _notes)
                        _notes = .loaded(value)
                        return value
                    }
                    set {
                        let oldValue = _notes
                        if _$backingState.mayBeObserved {
                            _$observationRegistrar.withMutation(of: self, keyPath: \.notes) {
                                _notes = .loaded(newValue)
                            }
                        } else {
                            _notes = .loaded(newValue)
                        }
                        _$didSet(\.notes, from: oldValue, to: newValue)
                    }
                }

                @Transient private var _notes: _PersistedStorage<String?> = .loaded(nil)
                var status: Status {
                    @storageRestrictions(initializes: _status)
                    init(initialValue) {
                        _status = .loaded(initialValue)
                    }
                    get {
                        _$backingState._noteRead()
                        _$observationRegistrar.access(self, keyPath: \.status)
                        if case .loaded(let value) = _status {
                            return value
                        }
                        let value = _$resolve(\.status, _status)
                        _status = .loaded(value)
                        return value
                    }
                    set {
                        let oldValue = _status
                        if _$backingState.mayBeObserved {
                            _$observationRegistrar.withMutation(of: self, keyPath: \.status) {
                                _status = .loaded(newValue)
                            }
                        } else {
                            _status = .loaded(newValue)
                        }
                        _$didSet(\.status, from: oldValue, to: newValue)
                    }
                }

                @Transient private var _status: _PersistedStorage<Status> = .loaded(.planned)
                var tags: [String] {
                    @storageRestrictions(initializes: _tags)
                    init(initialValue) {
                        _tags = .loaded(initialValue)
                    }
                    get {
                        _$backingState._noteRead()
                        _$observationRegistrar.access(self, keyPath: \.tags)
                        if case .loaded(let value) = _tags {
                            return value
                        }
                        let value = _$resolve(\.tags, _tags)
                        _tags = .loaded(value)
                        return value
                    }
                    set {
                        let oldValue = _tags
                        if _$backingState.mayBeObserved {
                            _$observationRegistrar.withMutation(of: self, keyPath: \.tags) {
                                _tags = .loaded(newValue)
                            }
                        } else {
                            _tags = .loaded(newValue)
                        }
                        _$didSet(\.tags, from: oldValue, to: newValue)
                    }
                }

                @Transient private var _tags: _PersistedStorage<[String]> = .loaded([])
                @Relationship(deleteRule: .cascade, inverse: \Stop.trip)
                var stops: [Stop] {
                    @storageRestrictions(initializes: _stops)
                    init(initialValue) {
                        _stops = .loaded(initialValue)
                    }
                    get {
                        _$backingState._noteRead()
                        _$observationRegistrar.access(self, keyPath: \.stops)
                        if case .loaded(let value) = _stops {
                            return value
                        }
                        let value = _$resolve(\.stops, _stops)
                        _stops = .loaded(value)
                        return value
                    }
                    set {
                        let oldValue = _stops
                        if _$backingState.mayBeObserved {
                            _$observationRegistrar.withMutation(of: self, keyPath: \.stops) {
                                _stops = .loaded(newValue)
                            }
                        } else {
                            _stops = .loaded(newValue)
                        }
                        _$didSet(\.stops, from: oldValue, to: newValue)
                    }
                }

                @Transient private var _stops: _PersistedStorage<[Stop]> = .loaded([])
                var owner: Person? {
                    @storageRestrictions(initializes: _owner)
                    init(initialValue) {
                        _owner = .loaded(initialValue)
                    }
                    get {
                        _$backingState._noteRead()
                        _$observationRegistrar.access(self, keyPath: \.owner)
                        if case .loaded(let value) = _owner {
                            return value
                        }
                        let value = _$resolve(\.owner, _owner)
                        _owner = .loaded(value)
                        return value
                    }
                    set {
                        let oldValue = _owner
                        if _$backingState.mayBeObserved {
                            _$observationRegistrar.withMutation(of: self, keyPath: \.owner) {
                                _owner = .loaded(newValue)
                            }
                        } else {
                            _owner = .loaded(newValue)
                        }
                        _$didSet(\.owner, from: oldValue, to: newValue)
                    }
                }

                @Transient private var _owner: _PersistedStorage<Person?> = .loaded(nil)
                @Transient var isSelected = false
                var displayName: String { name.uppercased() }

                init(name: String, endDate: Date) { self.name = name; self.endDate = endDate }

                @Transient let _$observationRegistrar = Observation.ObservationRegistrar()

                @exclusivity(unchecked) @Transient var _$backingState = _ModelBackingState()

                @Transient var _$successorContext: ModelContext? = nil

                static var schemaMetadata: [Schema.PropertyMetadata] {
                    [
                        Schema.PropertyMetadata(name: "name", keypath: \Trip.name, defaultValue: nil, metadata: Schema.Attribute(.unique)),
                        Schema.PropertyMetadata(name: "startDate", keypath: \Trip.startDate, defaultValue: Date.now, metadata: nil),
                        Schema.PropertyMetadata(name: "endDate", keypath: \Trip.endDate, defaultValue: nil, metadata: nil),
                        Schema.PropertyMetadata(name: "notes", keypath: \Trip.notes, defaultValue: nil, metadata: nil),
                        Schema.PropertyMetadata(name: "status", keypath: \Trip.status, defaultValue: .planned, metadata: nil),
                        Schema.PropertyMetadata(name: "tags", keypath: \Trip.tags, defaultValue: [], metadata: nil, storage: \Trip._tags),
                        Schema.PropertyMetadata(name: "stops", keypath: \Trip.stops, defaultValue: [], metadata: Schema.Relationship(deleteRule: .cascade, inverse: Schema.Relationship._$inverse(\Stop.trip)), storage: \Trip._stops),
                        Schema.PropertyMetadata(name: "owner", keypath: \Trip.owner, defaultValue: nil, metadata: nil),
                    ]
                }

                required init(_$reader reader: inout _ModelReader) throws {
                    _name = try reader.read(String.self)
                    _startDate = try reader.read(Date.self)
                    _endDate = try reader.read(Date.self)
                    _notes = try reader.read(String?.self)
                    _status = try reader.read(Status.self)
                    _tags = try reader.read([String].self)
                    _stops = try reader.read([Stop].self)
                    _owner = try reader.read(Person?.self)
                }

                func _$encode(to writer: inout _ModelWriter) throws {
                    try writer.write(_name)
                    try writer.write(_startDate)
                    try writer.write(_endDate)
                    try writer.write(_notes)
                    try writer.write(_status)
                    try writer.write(_tags)
                    try writer.write(_stops)
                    try writer.write(_owner)
                }

                func _$faultRelationships() {
                    _name = _ModelFaulting.faulted(_name)
                    _startDate = _ModelFaulting.faulted(_startDate)
                    _endDate = _ModelFaulting.faulted(_endDate)
                    _notes = _ModelFaulting.faulted(_notes)
                    _status = _ModelFaulting.faulted(_status)
                    _tags = _ModelFaulting.faulted(_tags)
                    _stops = _ModelFaulting.faulted(_stops)
                    _owner = _ModelFaulting.faulted(_owner)
                }

                required init(backingData: any BackingData<Trip>) {
                    self.persistentBackingData = backingData
                }
            }

            extension Trip: nonisolated PersistentModel, nonisolated Observable {
            }
            """#
        )
    }

    // MARK: Access levels

    /// A model with one persisted property and an index, expanded in a class with
    /// the given modifiers.
    /// A class that may be subclassed (`open`, or not `final`) gives its metadata as a
    /// `class var`, which a `@Model` subclass overrides.
    private func assertAccess(_ modifiers: String, generates access: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) {
        let metadataKeyword = modifiers.contains("final") ? "static" : "class"
        assertExpansion(
            #"""
            @Model
            \#(modifiers) class Tag {
                #Index<Tag>([\.name])
                var name: String = ""
            }
            """#,
            expandedSource: #"""
            \#(modifiers) class Tag {
                \#(access)static var _$indexes: [[String]] {
                    [["name"]]
                }
            \#(expandedProperty("var name: String", name: "name", peer: #"@Transient private var _name: _PersistedStorage<String> = .loaded("")"#))

                @Transient \#(access)let _$observationRegistrar = Observation.ObservationRegistrar()

                @exclusivity(unchecked) @Transient \#(access)var _$backingState = _ModelBackingState()

                @Transient \#(access)var _$successorContext: ModelContext? = nil

                \#(access)\#(metadataKeyword) var schemaMetadata: [Schema.PropertyMetadata] {
                    [
                        Schema.PropertyMetadata(name: "name", keypath: \Tag.name, defaultValue: "", metadata: nil),
                    ]
                }

                \#(access)required init(_$reader reader: inout _ModelReader) throws {
                    _name = try reader.read(String.self)
                }

                \#(access)func _$encode(to writer: inout _ModelWriter) throws {
                    try writer.write(_name)
                }

                \#(access)func _$faultRelationships() {
                    _name = _ModelFaulting.faulted(_name)
                }

                \#(access)required init(backingData: any BackingData<Tag>) {
                    self.persistentBackingData = backingData
                }
            }

            extension Tag: nonisolated PersistentModel, nonisolated Observable {
            }
            """#,
            sourceLocation: sourceLocation
        )
    }

    @Test func internalClassGetsMembersWithoutAccessModifier() {
        assertAccess("final", generates: "")
    }

    @Test func publicClassGetsPublicMembers() {
        assertAccess("public final", generates: "public ")
    }

    @Test func openClassGetsPublicMembers() {
        assertAccess("open", generates: "public ")
    }

    @Test func packageClassGetsPackageMembers() {
        assertAccess("package final", generates: "package ")
    }

    @Test func fileprivateClassGetsMembersWithoutAccessModifier() {
        assertAccess("fileprivate final", generates: "")
    }

    // MARK: What is persisted

    @Test func modelWithoutPersistedPropertiesGetsEmptyMembers() {
        assertExpansion(
            """
            @Model
            final class Empty {
                init() {}
            }
            """,
            expandedSource: """
            final class Empty {
                init() {}

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

                required init(backingData: any BackingData<Empty>) {
                    self.persistentBackingData = backingData
                }
            }

            extension Empty: nonisolated PersistentModel, nonisolated Observable {
            }
            """
        )
    }

    @Test func staticComputedTransientAndGeneratedMembersAreNotPersisted() {
        assertExpansion(
            """
            @Model
            final class Note {
                static var count = 0
                class var kind: String { "note" }
                var computed: Int { 1 }
                var both: Int {
                    get { 1 }
                    set {}
                }
                @Transient var scratch = 0
                @Transient let constant = 1
                var _$private = 0
                func f() {}
                struct Nested {
                    var x: Int
                }
            }
            """,
            expandedSource: """
            final class Note {
                static var count = 0
                class var kind: String { "note" }
                var computed: Int { 1 }
                var both: Int {
                    get { 1 }
                    set {}
                }
                @Transient var scratch = 0
                @Transient let constant = 1
                var _$private = 0
                func f() {}
                struct Nested {
                    var x: Int
                }

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

                required init(backingData: any BackingData<Note>) {
                    self.persistentBackingData = backingData
                }
            }

            extension Note: nonisolated PersistentModel, nonisolated Observable {
            }
            """
        )
    }

    @Test func propertyAlreadyMarkedPersistedIsMarkedOnce() {
        assertExpansion(
            """
            @Model
            final class Note {
                @_PersistedProperty var text: String
            }
            """,
            expandedSource: """
            final class Note {
            \(expandedProperty("var text: String", name: "text", peer: "@Transient private var _text: _PersistedStorage<String> = .unloaded"))

                @Transient let _$observationRegistrar = Observation.ObservationRegistrar()

                @exclusivity(unchecked) @Transient var _$backingState = _ModelBackingState()

                @Transient var _$successorContext: ModelContext? = nil

                static var schemaMetadata: [Schema.PropertyMetadata] {
                    [
                        Schema.PropertyMetadata(name: "text", keypath: \\Note.text, defaultValue: nil, metadata: nil),
                    ]
                }

                required init(_$reader reader: inout _ModelReader) throws {
                    _text = try reader.read(String.self)
                }

                func _$encode(to writer: inout _ModelWriter) throws {
                    try writer.write(_text)
                }

                func _$faultRelationships() {
                    _text = _ModelFaulting.faulted(_text)
                }

                required init(backingData: any BackingData<Note>) {
                    self.persistentBackingData = backingData
                }
            }

            extension Note: nonisolated PersistentModel, nonisolated Observable {
            }
            """
        )
    }

    @Test func metadataCopiesAttributeAndRelationshipArgumentsVerbatim() {
        assertExpansion(
            #"""
            @Model
            final class Note {
                @Attribute var a: Int
                @Attribute(.unique, originalName: "old", hashModifier: "v2") var b: Int
                @SwiftData.Attribute(.externalStorage) var c: Data
                @Relationship var d: [Note]
                @Relationship(.unique, deleteRule: .deny, minimumModelCount: 1, inverse: \Note.d) var e: Note?
            }
            """#,
            expandedSource: #"""
            final class Note {
                @Attribute
                @_PersistedProperty var a: Int
                @Attribute(.unique, originalName: "old", hashModifier: "v2")
                @_PersistedProperty var b: Int
                @SwiftData.Attribute(.externalStorage)
                @_PersistedProperty var c: Data
                @Relationship
                @_PersistedProperty var d: [Note]
                @Relationship(.unique, deleteRule: .deny, minimumModelCount: 1, inverse: \Note.d)
                @_PersistedProperty var e: Note?

                @Transient let _$observationRegistrar = Observation.ObservationRegistrar()

                @exclusivity(unchecked) @Transient var _$backingState = _ModelBackingState()

                @Transient var _$successorContext: ModelContext? = nil

                static var schemaMetadata: [Schema.PropertyMetadata] {
                    [
                        Schema.PropertyMetadata(name: "a", keypath: \Note.a, defaultValue: nil, metadata: Schema.Attribute()),
                        Schema.PropertyMetadata(name: "b", keypath: \Note.b, defaultValue: nil, metadata: Schema.Attribute(.unique, originalName: "old", hashModifier: "v2")),
                        Schema.PropertyMetadata(name: "c", keypath: \Note.c, defaultValue: nil, metadata: Schema.Attribute(.externalStorage)),
                        Schema.PropertyMetadata(name: "d", keypath: \Note.d, defaultValue: nil, metadata: Schema.Relationship(), storage: \Note._d),
                        Schema.PropertyMetadata(name: "e", keypath: \Note.e, defaultValue: nil, metadata: Schema.Relationship(.unique, deleteRule: .deny, minimumModelCount: 1, inverse: Schema.Relationship._$inverse(\Note.d))),
                    ]
                }

                required init(_$reader reader: inout _ModelReader) throws {
                    _a = try reader.read(Int.self)
                    _b = try reader.read(Int.self)
                    _c = try reader.read(Data.self)
                    _d = try reader.read([Note].self)
                    _e = try reader.read(Note?.self)
                }

                func _$encode(to writer: inout _ModelWriter) throws {
                    try writer.write(_a)
                    try writer.write(_b)
                    try writer.write(_c)
                    try writer.write(_d)
                    try writer.write(_e)
                }

                func _$faultRelationships() {
                    _a = _ModelFaulting.faulted(_a)
                    _b = _ModelFaulting.faulted(_b)
                    _c = _ModelFaulting.faulted(_c)
                    _d = _ModelFaulting.faulted(_d)
                    _e = _ModelFaulting.faulted(_e)
                }

                required init(backingData: any BackingData<Note>) {
                    self.persistentBackingData = backingData
                }
            }
            """#,
            // Without `@_PersistedProperty`'s expansion, to show only what `@Model` adds.
            macros: ["Model": MacroSpec(type: ModelMacro.self)]
        )
    }

    // MARK: The conformance

    @Test func extensionListsOnlyTheConformancesTheCompilerAsksFor() {
        assertExpansion(
            """
            @Model
            final class Note {}
            """,
            expandedSource: """
            final class Note {

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

                required init(backingData: any BackingData<Note>) {
                    self.persistentBackingData = backingData
                }
            }

            extension Note: nonisolated Observable {
            }
            """,
            macros: ["Model": MacroSpec(type: ModelMacro.self, conformances: ["Observable"])]
        )
    }

    @Test func noExtensionWhenTheClassAlreadyConforms() {
        assertExpansion(
            """
            @Model
            final class Note: PersistentModel {}
            """,
            expandedSource: """
            final class Note: PersistentModel {

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

                required init(backingData: any BackingData<Note>) {
                    self.persistentBackingData = backingData
                }
            }
            """,
            macros: ["Model": MacroSpec(type: ModelMacro.self, conformances: [])]
        )
    }

    @Test func readerCallParenthesisesTypesThatAreNotExpressions() {
        assertExpansion(
            """
            @Model
            final class Event {
                var payload: any Codable
            }
            """,
            expandedSource: """
            final class Event {
                @_PersistedProperty
                var payload: any Codable

                @Transient let _$observationRegistrar = Observation.ObservationRegistrar()

                @exclusivity(unchecked) @Transient var _$backingState = _ModelBackingState()

                @Transient var _$successorContext: ModelContext? = nil

                static var schemaMetadata: [Schema.PropertyMetadata] {
                    [
                        Schema.PropertyMetadata(name: "payload", keypath: \\Event.payload, defaultValue: nil, metadata: nil),
                    ]
                }

                required init(_$reader reader: inout _ModelReader) throws {
                    _payload = try reader.read((any Codable).self)
                }

                func _$encode(to writer: inout _ModelWriter) throws {
                    try writer.write(_payload)
                }

                func _$faultRelationships() {
                    _payload = _ModelFaulting.faulted(_payload)
                }

                required init(backingData: any BackingData<Event>) {
                    self.persistentBackingData = backingData
                }
            }
            """,
            macros: modelMacroOnly
        )
    }
}
