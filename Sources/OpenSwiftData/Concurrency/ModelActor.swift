/// An actor with a model context of its own, for work off the main actor: imports,
/// exports, server request handlers. Declare one with `@ModelActor`.
public protocol ModelActor: Actor {
    nonisolated var modelContainer: ModelContainer { get }
    nonisolated var modelExecutor: any ModelExecutor { get }
}

extension ModelActor {
    /// The actor runs on its model executor, which owns the context.
    public nonisolated var unownedExecutor: UnownedSerialExecutor {
        guard let serial = modelExecutor as? any SerialExecutor else {
            preconditionFailure("a ModelActor's executor must be a SerialModelExecutor")
        }
        return serial.asUnownedSerialExecutor()
    }

    /// The actor's context; use it only from the actor.
    public var modelContext: ModelContext { modelExecutor.modelContext }

    /// The model with this identifier in the actor's context, if it is of type `T`.
    public subscript<T: PersistentModel>(id: PersistentIdentifier, as type: T.Type) -> T? {
        try? modelContext.existingModel(for: id)
    }
}

/// Turns an actor into a model actor: adds `modelContainer`, `modelExecutor` and
/// `init(modelContainer:)`, which gives the actor a context of its own.
@attached(member, names: named(modelExecutor), named(modelContainer), named(init))
@attached(extension, conformances: ModelActor)
public macro ModelActor() = #externalMacro(module: "OpenSwiftDataMacros", type: "ModelActorMacro")
