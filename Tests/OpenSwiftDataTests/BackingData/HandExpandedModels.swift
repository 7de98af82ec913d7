import Foundation
import OpenSwiftData

// Two models written as Apple's `@Model` expands them (its macro expansion,
// lightly abridged), with no `@Model` on them: storage in backing data made by
// `createBackingData()`, accessors through `getValue(forKey:)`/`setValue(forKey:to:)`,
// `init` accessors that fill the backing data, a hand-written `schemaMetadata`.

final class Expedition {
    var name: String {
        @storageRestrictions(accesses: _$backingData, initializes: _name)
        init(initialValue) {
            _$backingData.setValue(forKey: \.name, to: initialValue)
            _name = _SwiftDataNoType()
        }
        get {
            _$observationRegistrar.access(self, keyPath: \.name)
            return self.getValue(forKey: \.name)
        }
        set {
            _$observationRegistrar.withMutation(of: self, keyPath: \.name) {
                self.setValue(forKey: \.name, to: newValue)
            }
        }
    }

    var budget: Int {
        @storageRestrictions(accesses: _$backingData, initializes: _budget)
        init(initialValue) {
            _$backingData.setValue(forKey: \.budget, to: initialValue)
            _budget = _SwiftDataNoType()
        }
        get {
            _$observationRegistrar.access(self, keyPath: \.budget)
            return self.getValue(forKey: \.budget)
        }
        set {
            _$observationRegistrar.withMutation(of: self, keyPath: \.budget) {
                self.setValue(forKey: \.budget, to: newValue)
            }
        }
    }

    var waypoints: [Waypoint] {
        @storageRestrictions(accesses: _$backingData, initializes: _waypoints)
        init(initialValue) {
            _$backingData.setValue(forKey: \.waypoints, to: initialValue)
            _waypoints = _SwiftDataNoType()
        }
        get {
            _$observationRegistrar.access(self, keyPath: \.waypoints)
            return self.getValue(forKey: \.waypoints)
        }
        set {
            _$observationRegistrar.withMutation(of: self, keyPath: \.waypoints) {
                self.setValue(forKey: \.waypoints, to: newValue)
            }
        }
    }

    private var _name: _SwiftDataNoType
    private var _budget: _SwiftDataNoType
    private var _waypoints: _SwiftDataNoType

    init(name: String, budget: Int) {
        self.name = name
        self.budget = budget
        self.waypoints = []
    }

    private var _$backingData: any BackingData<Expedition> = Expedition.createBackingData()

    public var persistentBackingData: any BackingData<Expedition> {
        get { _$backingData }
        set { _$backingData = newValue }
    }

    // Untyped key paths, SwiftData's form of `PropertyMetadata` (Waypoint's are typed).
    static var schemaMetadata: [Schema.PropertyMetadata] {
        [
            Schema.PropertyMetadata(name: "name", keypath: \Expedition.name as AnyKeyPath, defaultValue: nil, metadata: nil),
            Schema.PropertyMetadata(name: "budget", keypath: \Expedition.budget as AnyKeyPath, defaultValue: nil, metadata: nil),
            Schema.PropertyMetadata(name: "waypoints", keypath: \Expedition.waypoints as AnyKeyPath, defaultValue: nil,
                                    metadata: Schema.Relationship(deleteRule: .cascade, inverse: \Waypoint.expedition)),
        ]
    }

    required init(backingData: any BackingData<Expedition>) {
        _name = _SwiftDataNoType()
        _budget = _SwiftDataNoType()
        _waypoints = _SwiftDataNoType()
        self.persistentBackingData = backingData
    }

    private let _$observationRegistrar = Observation.ObservationRegistrar()

    struct _SwiftDataNoType {}
}

extension Expedition: PersistentModel {}

final class Waypoint {
    var city: String {
        @storageRestrictions(accesses: _$backingData, initializes: _city)
        init(initialValue) {
            _$backingData.setValue(forKey: \.city, to: initialValue)
            _city = _SwiftDataNoType()
        }
        get {
            _$observationRegistrar.access(self, keyPath: \.city)
            return self.getValue(forKey: \.city)
        }
        set {
            _$observationRegistrar.withMutation(of: self, keyPath: \.city) {
                self.setValue(forKey: \.city, to: newValue)
            }
        }
    }

    var expedition: Expedition? {
        @storageRestrictions(accesses: _$backingData, initializes: _expedition)
        init(initialValue) {
            _$backingData.setValue(forKey: \.expedition, to: initialValue)
            _expedition = _SwiftDataNoType()
        }
        get {
            _$observationRegistrar.access(self, keyPath: \.expedition)
            return self.getValue(forKey: \.expedition)
        }
        set {
            _$observationRegistrar.withMutation(of: self, keyPath: \.expedition) {
                self.setValue(forKey: \.expedition, to: newValue)
            }
        }
    }

    private var _city: _SwiftDataNoType
    private var _expedition: _SwiftDataNoType

    init(city: String, expedition: Expedition? = nil) {
        self.city = city
        self.expedition = expedition
    }

    private var _$backingData: any BackingData<Waypoint> = Waypoint.createBackingData()

    public var persistentBackingData: any BackingData<Waypoint> {
        get { _$backingData }
        set { _$backingData = newValue }
    }

    static var schemaMetadata: [Schema.PropertyMetadata] {
        [
            Schema.PropertyMetadata(name: "city", keypath: \Waypoint.city, defaultValue: nil, metadata: nil),
            Schema.PropertyMetadata(name: "expedition", keypath: \Waypoint.expedition, defaultValue: nil, metadata: nil),
        ]
    }

    required init(backingData: any BackingData<Waypoint>) {
        _city = _SwiftDataNoType()
        _expedition = _SwiftDataNoType()
        self.persistentBackingData = backingData
    }

    private let _$observationRegistrar = Observation.ObservationRegistrar()

    struct _SwiftDataNoType {}
}

extension Waypoint: PersistentModel {}
