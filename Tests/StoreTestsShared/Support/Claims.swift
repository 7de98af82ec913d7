import Foundation
import OpenSwiftData

/// The model the `StoreWorkload claim` process writes, so that the tests and it open one schema.
@Model final class Claim {
    var name: String
    var claimant: String
    init(name: String, claimant: String) {
        self.name = name
        self.claimant = claimant
    }
}

/// Claiming a name as a program that checks before it inserts does: the transaction
/// tests of both stores run it from several threads, instances and processes at once.
enum Claims {
    /// Claims `name` in one `transaction(block:)`: inserts a claim unless one is there,
    /// calling `checked` between the check and the insert. True when it inserted.
    static func claim(_ name: String, as claimant: String, in context: ModelContext,
                      afterChecking checked: () -> Void = {}) throws -> Bool {
        var claimed = false
        try context.transaction {
            let taken = try context.fetchCount(FetchDescriptor<Claim>(predicate: #Predicate { $0.name == name })) > 0
            checked()
            if !taken {
                context.insert(Claim(name: name, claimant: claimant))
                claimed = true
            }
        }
        return claimed
    }

    /// The claimants of every claim saved, in order of their names.
    static func claimants(in container: ModelContainer) throws -> [String] {
        try ModelContext(container).fetch(FetchDescriptor<Claim>(sortBy: [SortDescriptor(\.claimant)])).map(\.claimant)
    }
}
