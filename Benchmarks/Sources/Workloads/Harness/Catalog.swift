/// Every timed benchmark, in run order. W7 is not here: `memory-probe` runs it.
public enum Catalog {
    public static var timed: [BenchmarkCase] {
        W1Insert.cases + W2FetchItems.cases + W3PredicateFetch.cases + W4UpdateAll.cases
            + W5CascadeDelete.cases + W15NullifyDelete.cases + W16MoveMembers.cases + W6CardShow.cases + W8Migration.cases + W9Import.cases
            + W10ConcurrentReads.cases + W11HistorySaves.cases + W12Startup.cases + W13AppImports.cases + W14Sync.cases
            + OrdersLeaderboard.cases
            + postgres
    }

    /// W1-W6 on PostgreSQL, labelled `PG …`; none unless `OSD_POSTGRES_URL` names a server.
    public static var postgres: [BenchmarkCase] {
        W1Insert.postgresCases + W2FetchItems.postgresCases + W3PredicateFetch.postgresCases + W4UpdateAll.postgresCases
            + W5CascadeDelete.postgresCases + W6CardShow.postgresCases
    }

    public static var memory: [BenchmarkCase] { W7Memory.cases }
}
