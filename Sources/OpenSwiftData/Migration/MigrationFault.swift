import Foundation

/// A failure injected into a migration by a test, to show that the store survives
/// a bug or a crash at any point: set it with `MigrationFault.$injected.withValue`
/// around the `ModelContainer` initialiser.
struct MigrationFault: Sendable {
    enum Moment: Sendable, Equatable {
        /// After this many of the migration's own SQL statements.
        case afterStatements(Int)
        /// After every stage has run, before the transaction commits.
        case beforeCommit
        /// After the transaction has committed, before the container is made.
        case afterCommit
    }

    enum Effect: Sendable {
        /// Throws `InjectedMigrationFault`, as a bug in the migration would.
        case throwError
        /// Ends the process at once, without unwinding, as a crash or power loss would.
        case exitProcess(Int32)
    }

    let moment: Moment
    let effect: Effect

    @TaskLocal static var injected: MigrationFault?

    /// Fails if a fault is injected at this moment.
    static func check(_ moment: Moment) throws {
        guard let fault = injected, fault.moment == moment else { return }
        switch fault.effect {
        case .throwError: throw InjectedMigrationFault(moment: moment)
        case let .exitProcess(code): _exit(code)
        }
    }
}

struct InjectedMigrationFault: Error, Equatable {
    let moment: MigrationFault.Moment
}
