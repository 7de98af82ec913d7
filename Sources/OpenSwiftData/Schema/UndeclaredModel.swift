import Foundation

/// The model type of an entity read from an encoded schema (`Schema.load(from:)`,
/// `JSONDecoder`): such an entity describes a model without a Swift type, so it can be
/// inspected and compared but not stored. `ModelContainer` refuses a schema that holds
/// one, naming the entity.
final class UndeclaredModel: PersistentModel {
    let _$observationRegistrar = ObservationRegistrar()
    var _$backingState = _ModelBackingState()
    var _$successorContext: ModelContext?

    static var schemaMetadata: [Schema.PropertyMetadata] { [] }

    // Never called: a container refuses a schema with an undeclared entity before any model is made.
    init(backingData: any BackingData<UndeclaredModel>) {}

    init(_$reader reader: inout _ModelReader) throws {
        throw OpenSwiftDataError.schemaWithoutModelType(entity: "UndeclaredModel")
    }

    func _$encode(to writer: inout _ModelWriter) throws {
        throw OpenSwiftDataError.schemaWithoutModelType(entity: "UndeclaredModel")
    }
}
