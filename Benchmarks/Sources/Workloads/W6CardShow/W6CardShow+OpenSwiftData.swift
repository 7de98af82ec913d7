// import OpenSwiftData   // uncomment when implementing

extension W6CardShow {
    /// OpenSwiftData's W6, or nil while the library's core is pending. nil registers no
    /// benchmark, and `Benchmarks/run` prints n/a for the ratios.
    ///
    /// To implement: write `openSwiftData` below with exactly this signature, then set
    /// this constant to `openSwiftData`.
    ///
    ///     @Sendable static func openSwiftData(_ run: Iteration, _ fixture: Fixture) throws -> Output
    ///
    /// - Models: seed 000's `InventoryCard`, `SalesHistory` and `Event` as the seed
    ///   declares them (with its indexes on name, acquiredDate and marketValue; the
    ///   seed's other models may be in the schema too). `CardCondition` as in the seed.
    /// - Store: at `run.storeURL`, a fresh directory each iteration.
    /// - Unmeasured: creating the container.
    /// - Measured, in one `run.measure { }`, in this order:
    ///   insert `fixture.events`, `fixture.cards` and `fixture.sales` as models (a sale's
    ///   `card`/`event` are the models with `cardID`/`eventID`), one `save()`; then the
    ///   seed's eight query patterns, each a `fetch` with a `FetchDescriptor` (2:
    ///   `fixture.valueRange`, by marketValue descending; 3:
    ///   `name.localizedStandardContains(fixture.searchText)`; 4: `acquiredDate >=
    ///   fixture.startOfMonth`, by acquiredDate descending; 5: by marketValue descending,
    ///   `fetchLimit = fixture.topCount`; 6: fetch all and sum marketValue; 7:
    ///   `isGraded == true`; 8: `Event.date >= fixture.threeMonthsAgo`, by date
    ///   descending); then fetch all cards again and build the CSV with
    ///   `CardCSV.header` + `CardCSV.appendLine(to:...)` per card.
    /// - Return: `Output(...)` with the fetched models mapped to `InventoryCard` / `Event`
    ///   (mapping after the measured region), the sum and the CSV; then fill
    ///   `storedSales` and `storedEventCount` by reading the store back (from a new
    ///   context, mapping sales to `SalesHistory` with the ids of their card and event).
    static let openSwiftDataImplementation: Implementation? = nil
}
