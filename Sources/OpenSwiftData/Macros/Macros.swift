// A model file that imports only this module (or the `SwiftData` shim) uses `Date`,
// `UUID`, `Data` and `@Observable` as it would with Apple's SwiftData, which
// re-exports Foundation and Observation too.
@_exported import Foundation
@_exported import Observation

/// Turns a class into a persistent model: its stored properties are persisted
/// and observed, and it conforms to ``PersistentModel``. On a subclass of a model
/// class (`@Model class BusinessTrip: Trip`), it describes and stores the
/// subclass's own properties and leaves the inherited ones to the superclass.
///
/// See <doc:ModelMacroExpansion> for what it generates.
@attached(member, conformances: PersistentModel, names: named(_$observationRegistrar), named(_$backingState), named(_$successorContext), named(schemaMetadata), named(init), named(_$encode), named(_$faultRelationships))
@attached(memberAttribute)
@attached(extension, conformances: PersistentModel, Observable)
public macro Model() = #externalMacro(module: "OpenSwiftDataMacros", type: "ModelMacro")

/// Added by `@Model` to each persisted stored property: routes it through the
/// model's storage, change tracking and observation. Its `init` accessor lets an
/// initialiser set the property before the model is whole: before a `let` is set,
/// or, in a subclass, before `super.init`, in any order, as in SwiftData.
@attached(accessor, names: named(init), named(get), named(set))
@attached(peer, names: prefixed(_), prefixed(_$willSet_), prefixed(_$didSet_))
public macro _PersistedProperty() = #externalMacro(module: "OpenSwiftDataMacros", type: "PersistedPropertyMacro")

/// Customises how an attribute is stored.
@attached(peer)
public macro Attribute(
    _ options: Schema.Attribute.Option...,
    originalName: String? = nil,
    hashModifier: String? = nil
) = #externalMacro(module: "OpenSwiftDataMacros", type: "AttributeMacro")

/// Customises a relationship between two models: its delete rule, inverse and counts.
@attached(peer)
public macro Relationship(
    _ options: Schema.Relationship.Option...,
    deleteRule: Schema.Relationship.DeleteRule = .nullify,
    minimumModelCount: Int? = 0,
    maximumModelCount: Int? = 0,
    originalName: String? = nil,
    inverse: AnyKeyPath? = nil,
    hashModifier: String? = nil
) = #externalMacro(module: "OpenSwiftDataMacros", type: "RelationshipMacro")

/// Excludes a stored property from persistence.
@attached(peer)
public macro Transient() = #externalMacro(module: "OpenSwiftDataMacros", type: "TransientMacro")

/// Declares properties whose values, taken together, are unique among the model's rows.
/// Inserting a model whose key already exists updates that row (an upsert).
@freestanding(declaration, names: named(_$uniquenessConstraints))
public macro Unique<T>(_ constraints: [PartialKeyPath<T>]...) = #externalMacro(module: "OpenSwiftDataMacros", type: "UniqueMacro")

/// Declares indexes on one or more of the model's properties.
@freestanding(declaration, names: named(_$indexes))
public macro Index<T>(_ indices: [PartialKeyPath<T>]...) = #externalMacro(module: "OpenSwiftDataMacros", type: "IndexMacro")

/// Declares indexes of given kinds: `#Index<Trip>(.binary([\.name]), .rtree([\.latitude, \.longitude]))`.
/// An R-tree index is created as a B-tree index on the same properties (see ``Schema/Index``).
@freestanding(declaration, names: named(_$indexes))
public macro Index<T: PersistentModel>(_ indices: Schema.Index<T>.Types<T>...) = #externalMacro(module: "OpenSwiftDataMacros", type: "IndexMacro")
