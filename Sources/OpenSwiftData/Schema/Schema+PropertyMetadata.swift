import Foundation

extension Schema {
    /// One persisted property as `@Model` describes it in `schemaMetadata`.
    ///
    /// The initialisers are overloaded on the property's type so that the compiler,
    /// not the macro, decides whether a property is an attribute or a relationship.
    public struct PropertyMetadata: @unchecked Sendable {
        /// The property's name.
        public let name: String
        /// The key path to the property on its model.
        public let keypath: AnyKeyPath
        /// The property's initial value, if it has one.
        public let defaultValue: Any?
        /// The completed `Schema.Attribute` or `Schema.Relationship`.
        public let metadata: (any SchemaProperty)?

        /// An attribute.
        public init<Model: PersistentModel, Value>(
            name: String, keypath: ReferenceWritableKeyPath<Model, Value>, defaultValue: Value? = nil,
            metadata: (any SchemaProperty)? = nil
        ) {
            let attribute = (metadata as? Schema.Attribute) ?? Schema.Attribute()
            attribute.name = name
            attribute.valueType = Value.self
            attribute.defaultValue = defaultValue.map { $0 as Any }
            guard let codec = attribute.transformerName.flatMap({ ValueCodec.transformed(Value.self, byTransformerNamed: $0) })
                ?? ValueCodec.make(for: Value.self) else {
                preconditionFailure(Schema.Attribute.unstorableMessage(Model.self, name, Value.self, transformer: attribute.transformerName))
            }
            attribute.codec = codec
            attribute.access = AttributeAccess(
                get: { model in (model as! Model)[keyPath: keypath] },
                set: { model, value in _PropertyObservers.suppressing { (model as! Model)[keyPath: keypath] = value as! Value } })
            attribute.isOptional = codec.isOptional
            self.init(name: name, keypath: keypath, defaultValue: attribute.defaultValue, property: attribute)
        }

        /// An attribute whose storage `@Model` names because its type is an array: the
        /// storage serves only to-many relationships, so an attribute does not keep it.
        public init<Model: PersistentModel, Value>(
            name: String, keypath: ReferenceWritableKeyPath<Model, Value>, defaultValue: Value? = nil,
            metadata: (any SchemaProperty)? = nil, storage: ReferenceWritableKeyPath<Model, _PersistedStorage<Value>>
        ) {
            self.init(name: name, keypath: keypath, defaultValue: defaultValue, metadata: metadata)
        }

        /// A `let` attribute: a stored constant of the class, set by its initialisers and
        /// by `init(_$reader:)`. Its key path is read-only; the engine never needs to
        /// write it, because its stored value cannot change, so writes are ignored.
        public init<Model: PersistentModel, Value>(
            name: String, keypath: KeyPath<Model, Value>, defaultValue: Value? = nil,
            metadata: (any SchemaProperty)? = nil
        ) {
            let attribute = (metadata as? Schema.Attribute) ?? Schema.Attribute()
            attribute.name = name
            attribute.valueType = Value.self
            guard let codec = attribute.transformerName.flatMap({ ValueCodec.transformed(Value.self, byTransformerNamed: $0) })
                ?? ValueCodec.make(for: Value.self) else {
                preconditionFailure(Schema.Attribute.unstorableMessage(Model.self, name, Value.self, transformer: attribute.transformerName))
            }
            attribute.codec = codec
            attribute.access = AttributeAccess(get: { model in (model as! Model)[keyPath: keypath] }, set: { _, _ in })
            attribute.isOptional = codec.isOptional
            self.init(name: name, keypath: keypath, defaultValue: nil, property: attribute)
        }

        /// An optional to-one relationship.
        public init<Model: PersistentModel, Destination: PersistentModel>(
            name: String, keypath: ReferenceWritableKeyPath<Model, Destination?>, defaultValue: Destination?? = nil,
            metadata: (any SchemaProperty)? = nil
        ) {
            let access = RelationshipAccess(
                get: { model in ((model as! Model)[keyPath: keypath]).map { [$0] } ?? [] },
                set: { model, targets in
                    _PropertyObservers.suppressing { (model as! Model)[keyPath: keypath] = targets.first.map { $0 as! Destination } }
                },
                add: { model, member in _PropertyObservers.suppressing {
                    let model = model as! Model
                    if model[keyPath: keypath] !== member { model[keyPath: keypath] = (member as! Destination) }
                } },
                remove: { model, member in _PropertyObservers.suppressing {
                    let model = model as! Model
                    if model[keyPath: keypath] === member { model[keyPath: keypath] = nil }
                } })
            self.init(name: name, keypath: keypath, metadata: metadata, source: Model.self, destination: Destination.self,
                      toOne: true, optional: true, valueType: Destination?.self, access: access)
        }

        /// A non-optional to-one relationship.
        public init<Model: PersistentModel, Destination: PersistentModel>(
            name: String, keypath: ReferenceWritableKeyPath<Model, Destination>, defaultValue: Destination? = nil,
            metadata: (any SchemaProperty)? = nil
        ) {
            let access = RelationshipAccess(
                get: { model in [(model as! Model)[keyPath: keypath]] },
                set: { model, targets in
                    // A non-optional relationship cannot be emptied; the save reports it.
                    if let first = targets.first { _PropertyObservers.suppressing { (model as! Model)[keyPath: keypath] = first as! Destination } }
                },
                add: { model, member in _PropertyObservers.suppressing {
                    let model = model as! Model
                    if model[keyPath: keypath] !== member { model[keyPath: keypath] = member as! Destination }
                } },
                remove: { _, _ in })
            self.init(name: name, keypath: keypath, metadata: metadata, source: Model.self, destination: Destination.self,
                      toOne: true, optional: false, valueType: Destination.self, access: access)
        }

        /// A `let` to-one relationship: a stored constant of the class, set by its
        /// initialisers, and by the context for a fetched model (see
        /// `ModelContext.resolveConstantRelationships`). Its key path is read-only: the
        /// model it refers to never changes, so the inverse's upkeep leaves it as it is.
        public init<Model: PersistentModel, Destination: PersistentModel>(
            name: String, keypath: KeyPath<Model, Destination>, defaultValue: Destination? = nil,
            metadata: (any SchemaProperty)? = nil
        ) {
            let access = RelationshipAccess(
                get: { model in [(model as! Model)[keyPath: keypath]] },
                set: { model, targets in Self.keepsConstant(Model.self, name, (model as! Model)[keyPath: keypath], targets.first) },
                add: { model, member in Self.keepsConstant(Model.self, name, (model as! Model)[keyPath: keypath], member) },
                remove: { _, _ in },
                replacePlaceholder: { model, related in
                    guard let related = related as? Destination else { return }
                    _LetStorage.store(related, in: model as! Model, property: name, of: Model.self)
                })
            self.init(name: name, keypath: keypath, metadata: metadata, source: Model.self, destination: Destination.self,
                      toOne: true, optional: false, valueType: Destination.self, access: access)
        }

        /// An optional `let` to-one relationship (see the non-optional one).
        public init<Model: PersistentModel, Destination: PersistentModel>(
            name: String, keypath: KeyPath<Model, Destination?>, defaultValue: Destination?? = nil,
            metadata: (any SchemaProperty)? = nil
        ) {
            let access = RelationshipAccess(
                get: { model in ((model as! Model)[keyPath: keypath]).map { [$0] } ?? [] },
                set: { model, targets in Self.keepsConstant(Model.self, name, (model as! Model)[keyPath: keypath], targets.first) },
                add: { model, member in Self.keepsConstant(Model.self, name, (model as! Model)[keyPath: keypath], member) },
                remove: { _, _ in },
                replacePlaceholder: { model, related in
                    _LetStorage.store(related as? Destination, in: model as! Model, property: name, of: Model.self)
                })
            self.init(name: name, keypath: keypath, metadata: metadata, source: Model.self, destination: Destination.self,
                      toOne: true, optional: true, valueType: Destination?.self, access: access)
        }

        /// The engine asked a `let` relationship to refer to another model (the inverse
        /// of a to-many that gained it): a constant cannot, so it keeps its model, and
        /// the request is logged. Emptying it is left as for a non-optional `var`: a
        /// save that would leave it referring to a deleted model reports it.
        private static func keepsConstant(_ model: any PersistentModel.Type, _ name: String, _ current: AnyObject?, _ requested: AnyObject?) {
            guard let requested, requested !== current else { return }
            Log.logger.warning("\(model).\(name) is declared with 'let', so it keeps the model it refers to: it does not move to the model whose to-many relationship it was added to")
        }

        /// A to-many relationship.
        public init<Model: PersistentModel, Destination: PersistentModel>(
            name: String, keypath: ReferenceWritableKeyPath<Model, [Destination]>, defaultValue: [Destination]? = nil,
            metadata: (any SchemaProperty)? = nil
        ) {
            self.init(name: name, keypath: keypath, metadata: metadata, appendingThrough: nil)
        }

        /// A to-many relationship whose storage `@Model` names, so that the inverse of a
        /// to-one can add a member in place (see `_$appendInPlace`).
        public init<Model: PersistentModel, Destination: PersistentModel>(
            name: String, keypath: ReferenceWritableKeyPath<Model, [Destination]>, defaultValue: [Destination]? = nil,
            metadata: (any SchemaProperty)? = nil, storage: ReferenceWritableKeyPath<Model, _PersistedStorage<[Destination]>>
        ) {
            self.init(name: name, keypath: keypath, metadata: metadata, appendingThrough: storage)
        }

        private init<Model: PersistentModel, Destination: PersistentModel>(
            name: String, keypath: ReferenceWritableKeyPath<Model, [Destination]>, metadata: (any SchemaProperty)?,
            appendingThrough storage: ReferenceWritableKeyPath<Model, _PersistedStorage<[Destination]>>?
        ) {
            // `searching` is false for a model known not to be a member yet (`addNew`): the
            // search of the members loads them and costs their count.
            let append = { (model: AnyObject, member: AnyObject, searching: Bool) in _PropertyObservers.suppressing {
                let model = model as! Model
                let member = member as! Destination
                if let storage, model._$appendWithoutLoading(member, to: keypath, storage: storage) { return }
                if searching, Self.holds(model[keyPath: keypath], member) { return }
                if let storage, model._$appendInPlace(member, to: keypath, storage: storage) { return }
                model[keyPath: keypath] = model[keyPath: keypath] + [member]
            } }
            let access = RelationshipAccess(
                get: { model in (model as! Model)[keyPath: keypath] },
                set: { model, targets in _PropertyObservers.suppressing { (model as! Model)[keyPath: keypath] = targets.map { $0 as! Destination } } },
                add: { append($0, $1, true) },
                remove: { model, member in _PropertyObservers.suppressing {
                    let model = model as! Model
                    if let storage, model._$removeInPlace(member as! Destination, from: keypath, storage: storage) != .needsTheSetter { return }
                    var members = model[keyPath: keypath]
                    if let index = Self.position(of: member, in: members) { members.remove(at: index); model[keyPath: keypath] = members }
                } },
                membersInMemory: storage.map { storage in { model in
                    guard case .loaded(let members) = (model as! Model)[keyPath: storage] else { return nil }
                    return members
                } },
                addNew: storage.map { _ in { append($0, $1, false) } },
                replaceInMemory: storage.map { storage in { model, members in
                    (model as! Model)[keyPath: storage] = .loaded(members.map { $0 as! Destination })
                } })
            self.init(name: name, keypath: keypath, metadata: metadata, source: Model.self, destination: Destination.self,
                      toOne: false, optional: false, valueType: [Destination].self, access: access)
        }

        /// An optional to-many relationship.
        public init<Model: PersistentModel, Destination: PersistentModel>(
            name: String, keypath: ReferenceWritableKeyPath<Model, [Destination]?>, defaultValue: [Destination]?? = nil,
            metadata: (any SchemaProperty)? = nil
        ) {
            self.init(name: name, keypath: keypath, metadata: metadata, appendingThrough: nil)
        }

        /// An optional to-many relationship whose storage `@Model` names (see the
        /// non-optional one).
        public init<Model: PersistentModel, Destination: PersistentModel>(
            name: String, keypath: ReferenceWritableKeyPath<Model, [Destination]?>, defaultValue: [Destination]?? = nil,
            metadata: (any SchemaProperty)? = nil, storage: ReferenceWritableKeyPath<Model, _PersistedStorage<[Destination]?>>
        ) {
            self.init(name: name, keypath: keypath, metadata: metadata, appendingThrough: storage)
        }

        private init<Model: PersistentModel, Destination: PersistentModel>(
            name: String, keypath: ReferenceWritableKeyPath<Model, [Destination]?>, metadata: (any SchemaProperty)?,
            appendingThrough storage: ReferenceWritableKeyPath<Model, _PersistedStorage<[Destination]?>>?
        ) {
            // `searching` is false for a model known not to be a member yet (`addNew`): the
            // search of the members loads them and costs their count.
            let append = { (model: AnyObject, member: AnyObject, searching: Bool) in _PropertyObservers.suppressing {
                let model = model as! Model
                let member = member as! Destination
                if let storage, model._$appendWithoutLoading(member, to: keypath, storage: storage) { return }
                if searching, Self.holds(model[keyPath: keypath] ?? [], member) { return }
                if let storage, model._$appendInPlace(member, to: keypath, storage: storage) { return }
                model[keyPath: keypath] = (model[keyPath: keypath] ?? []) + [member]
            } }
            let access = RelationshipAccess(
                get: { model in (model as! Model)[keyPath: keypath] ?? [] },
                set: { model, targets in _PropertyObservers.suppressing { (model as! Model)[keyPath: keypath] = targets.map { $0 as! Destination } } },
                add: { append($0, $1, true) },
                remove: { model, member in _PropertyObservers.suppressing {
                    let model = model as! Model
                    if let storage, model._$removeInPlace(member as! Destination, from: keypath, storage: storage) != .needsTheSetter { return }
                    var members = model[keyPath: keypath] ?? []
                    if let index = Self.position(of: member, in: members) { members.remove(at: index); model[keyPath: keypath] = members }
                } },
                membersInMemory: storage.map { storage in { model in
                    guard case .loaded(let members) = (model as! Model)[keyPath: storage] else { return nil }
                    return members ?? []
                } },
                addNew: storage.map { _ in { append($0, $1, false) } },
                replaceInMemory: storage.map { storage in { model, members in
                    (model as! Model)[keyPath: storage] = .loaded(members.map { $0 as! Destination })
                } })
            self.init(name: name, keypath: keypath, metadata: metadata, source: Model.self, destination: Destination.self,
                      toOne: false, optional: true, valueType: [Destination]?.self, access: access)
        }

        /// Whether a to-many relationship holds the model. The model just appended is
        /// the one most often asked about (an inverse answering its own change), so the
        /// search starts from the end.
        private static func holds<Destination: PersistentModel>(_ members: [Destination], _ member: Destination) -> Bool {
            position(of: member, in: members) != nil
        }

        private static func position<Destination: PersistentModel>(of member: AnyObject, in members: [Destination]) -> Int? {
            ModelReferences.lastIndex(of: member, in: members)
        }

        private init(name: String, keypath: AnyKeyPath, metadata: (any SchemaProperty)?,
                     source: any PersistentModel.Type, destination: any PersistentModel.Type, toOne: Bool, optional: Bool, valueType: Any.Type,
                     access: RelationshipAccess) {
            let relationship = (metadata as? Schema.Relationship) ?? Schema.Relationship(options: [], deleteRule: .nullify, minimumModelCount: 0, maximumModelCount: 0, originalName: nil, inverse: nil, hashModifier: nil)
            relationship.name = name
            relationship.keypath = keypath
            relationship.sourceEntityName = unqualifiedName(of: source)
            relationship.destination = unqualifiedName(of: destination)
            relationship.destinationType = destination
            relationship.isToOneRelationship = toOne
            relationship.isOptional = optional
            relationship.valueType = valueType
            relationship.access = access
            self.init(name: name, keypath: keypath, defaultValue: nil, property: relationship)
        }

        private init(name: String, keypath: AnyKeyPath, defaultValue: Any?, property: any SchemaProperty) {
            self.name = name
            self.keypath = keypath
            self.defaultValue = defaultValue
            self.metadata = property
        }
    }
}
