#if PostgreSQL
/// The isolation level of a transaction (PostgreSQL documentation, "Transaction Isolation").
public enum PostgresIsolationLevel: String, Sendable, Hashable, CaseIterable {
    /// Each statement sees what was committed before it began (PostgreSQL's default).
    case readCommitted = "READ COMMITTED"
    /// The transaction sees one snapshot; a concurrent update of a row it writes fails it (SQLSTATE 40001).
    case repeatableRead = "REPEATABLE READ"
    /// As if transactions ran one after another; a conflict fails one of them (SQLSTATE 40001).
    case serializable = "SERIALIZABLE"
}
#endif
