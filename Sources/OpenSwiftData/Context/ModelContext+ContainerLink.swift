extension ModelContext {
    /// How a context reaches its container: it keeps it, or, as the container's main
    /// context (which the container keeps), it does not.
    enum ContainerLink {
        case held(ModelContainer)
        case main(MainContainerLink)
    }

    /// A main context's container, while someone holds it, and what makes another over
    /// the same stores once no one does.
    final class MainContainerLink {
        private weak var held: ModelContainer?
        private let schema: Schema
        private let configurations: Set<ModelConfiguration>
        private let migrationPlan: (any SchemaMigrationPlan.Type)?

        init(_ container: ModelContainer) {
            held = container
            schema = container.schema
            configurations = container.configurations
            migrationPlan = container.migrationPlan
        }

        /// The container, or one over `stores` whose main context is `mainContext` (which
        /// the link then follows), or that has none yet when it is nil.
        func container(over stores: ContainerStores, mainContext: ModelContext?) -> ModelContainer {
            if let held { return held }
            let container = ModelContainer(schema: schema, configurations: configurations, migrationPlan: migrationPlan, stores: stores)
            if let mainContext {
                container.mainContextStorage = mainContext
                held = container
            }
            return container
        }
    }
}
