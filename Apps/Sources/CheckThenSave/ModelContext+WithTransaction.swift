import OpenSwiftData

extension ModelContext {
    /// ``ModelContext/transaction(block:)`` for a block that gives back what it made: the
    /// block's checks, its changes and their save are one transaction, so what it read
    /// still holds at the save whatever other contexts, threads or processes write.
    ///
    /// If the block or the save throws, nothing is written and the context keeps the
    /// block's changes: a caller that should leave the context as the store is rolls back.
    public func withTransaction<Value>(_ block: () throws -> Value) throws -> Value {
        var value: Value?
        try transaction { value = try block() }
        // `transaction(block:)` returns only after running the block once without a throw.
        guard let value else { preconditionFailure("transaction(block:) returned without running its block") }
        return value
    }
}
