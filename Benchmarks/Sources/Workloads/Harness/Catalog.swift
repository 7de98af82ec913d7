/// Every timed benchmark, in run order. W7 is not here: `memory-probe` runs it.
public enum Catalog {
    public static var timed: [BenchmarkCase] {
        W1Insert.cases + W2FetchItems.cases + W3PredicateFetch.cases + W4UpdateAll.cases
            + W5CascadeDelete.cases + W6CardShow.cases + W8Migration.cases + W9Import.cases
            + W10ConcurrentReads.cases + W11HistorySaves.cases + W12Startup.cases + W13AppImports.cases
    }

    public static var memory: [BenchmarkCase] { W7Memory.cases }
}
