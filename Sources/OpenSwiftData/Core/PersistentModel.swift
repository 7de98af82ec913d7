import Foundation
@_exported import Observation

/// A class whose instances a ``ModelContext`` can insert, fetch, save and delete.
///
/// Conform by annotating a class with `@Model` (a subclass of a model too); the macro writes every
/// requirement. The underscored requirements are that generated code's contract with
/// the runtime (see <doc:ModelMacroExpansion>) and are not meant to be called directly.
///
/// A class written the way Apple's `@Model` expands (accessors that call
/// ``getValue(forKey:)-(KeyPath<Self,Value>)`` and ``setValue(forKey:to:)-(KeyPath<Self,Value>,Value)``, a
/// ``persistentBackingData`` made by ``createBackingData()``, `init(backingData:)` and
/// `schemaMetadata`) conforms too: the underscored requirements then have default
/// implementations that keep the model's values in its ``BackingData``.
public protocol PersistentModel: AnyObject, Observable, Hashable, Identifiable, SendableMetatype {
    /// A model made from backing data: the storage of a model written as Apple's
    /// expansion is, or values to copy into a `@Model` model.
    init(backingData: any BackingData<Self>)
    /// The model's values (for a `@Model` model, a view of its properties).
    var persistentBackingData: any BackingData<Self> { get set }
    /// The persisted properties, in declaration order.
    static var schemaMetadata: [Schema.PropertyMetadata] { get }
    /// The root class of the model's class hierarchy: the model's own class unless it
    /// is a subclass of a model, whose conformance (and so `Root`) it inherits.
    associatedtype Root: PersistentModel = Self
    /// Property names whose combined values are unique, from `#Unique`.
    static var _$uniquenessConstraints: [[String]] { get }
    /// Property names of each index, from `#Index`.
    static var _$indexes: [[String]] { get }

    var _$backingState: _ModelBackingState { get set }

    /// Set only on a model that outlived the context that registered it: the context
    /// that took that one's place for it (see `ModelContext.deinit`), kept alive by the
    /// models that use it. Beside `_$backingState` rather than in it, so that the
    /// backing state holds no reference.
    var _$successorContext: ModelContext? { get set }

    /// Materialises a model from the current row of a fetch.
    init(_$reader reader: inout _ModelReader) throws
    /// Binds the model's persisted values to an insert or update.
    func _$encode(to writer: inout _ModelWriter) throws
    /// Turns the related models the model holds back into faults (see
    /// `_PersistedStorage._$faulted()`), as its context lets go of it.
    func _$faultRelationships()
}

extension PersistentModel {
    public static var _$uniquenessConstraints: [[String]] { [] }
    public static var _$indexes: [[String]] { [] }

    /// The context the model is registered in, if any.
    public var modelContext: ModelContext? { _$backingState.context }

    /// The model's identity: temporary until the model is first saved, then permanent.
    public var persistentModelID: PersistentIdentifier {
        // The instance's own class: a `BusinessTrip` held as a `Trip` is identified as a `BusinessTrip`.
        let entityName = Swift.type(of: self)._$entityName
        return PersistentIdentifier(entityName: entityName, storeIdentifier: rowID > 0 ? modelContext?.stores.identifier(of: entityName) : nil,
                                    rowID: rowID)
    }

    /// The model's ``persistentModelID``.
    public var id: PersistentIdentifier { persistentModelID }

    /// True when the model has unsaved changes: inserted, changed or deleted.
    public var hasChanges: Bool {
        switch _$backingState.status {
        case .inserted, .deleted: true
        case .persistent: _$backingState.isChanged
        case .new, .detached: false
        }
    }

    /// True once the model is marked for deletion, until its context saves or rolls back.
    public var isDeleted: Bool { _$backingState.status == .deleted }

    /// Two models are equal when they are the same instance.
    public static func == (lhs: Self, rhs: Self) -> Bool { lhs === rhs }
    /// Hashes the instance's identity, consistently with `==`.
    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }

    /// The row's primary key, or a temporary negative number handed out on first use.
    var rowID: Int64 {
        if _$backingState.rowID == 0 { _$backingState.rowID = PersistentIdentifier.nextTemporaryRowID() }
        return _$backingState.rowID
    }

    package static var _$entityName: String { _$entity.name }
    /// The entity of the metatype this is called on: `type(of: model)._$entity` is
    /// the entity of the model's own class, even where the static type is a superclass.
    package static var _$entity: Schema.Entity { EntityCatalog.entity(for: self) }
}
