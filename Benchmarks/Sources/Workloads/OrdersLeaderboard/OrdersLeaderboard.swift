/// The Orders leaderboard (issue 37): the `Orders.fetchAll` test of Lighter's
/// performance suite (https://github.com/Lighter-swift/PerformanceTestSuite), whose
/// published times SQLiteData's README also quotes, so that OpenSwiftData's ratio to
/// raw SQLite can stand beside theirs.
///
/// Every iteration loads all 15,889 rows of Northwind's `Orders` table (14 columns:
/// integers, text, a number) into an array, as the suite does; the suite runs 500
/// iterations after 10 of ramp-up, this runs 500 after one of warm-up and reports the
/// median of one iteration. Variants as in the suite: raw SQLite (Lighter's generated
/// raw-API code steps a statement into a struct), GRDB with the record decoded by hand
/// by column index, GRDB with a Codable record; and OpenSwiftData, a fetch of every
/// `Order` model.
///
/// Measured: one fetch of every row. Not measured: building the store (once per
/// benchmark), opening the connection or container, the check.
public enum OrdersLeaderboard {
    public static let label = "Orders fetchAll"

    /// The `Orders` columns, in table order.
    static let columns = ["OrderID", "CustomerID", "EmployeeID", "OrderDate", "RequiredDate", "ShippedDate", "ShipVia",
                          "Freight", "ShipName", "ShipAddress", "ShipCity", "ShipRegion", "ShipPostalCode", "ShipCountry"]

    /// Northwind's `CREATE TABLE [Orders]`, without its foreign keys: the tables they
    /// name are not in this store, and `PRAGMA foreign_keys = ON` would refuse the rows.
    static let createTable = """
        CREATE TABLE [Orders](
          [OrderID] INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
          [CustomerID] TEXT, [EmployeeID] INTEGER,
          [OrderDate] DATETIME, [RequiredDate] DATETIME, [ShippedDate] DATETIME,
          [ShipVia] INTEGER, [Freight] NUMERIC DEFAULT 0,
          [ShipName] TEXT, [ShipAddress] TEXT, [ShipCity] TEXT, [ShipRegion] TEXT,
          [ShipPostalCode] TEXT, [ShipCountry] TEXT)
        """

    /// The SELECT of Lighter's generated code: every column, named, in table order.
    static let select = "SELECT \(columns.map { "\"\($0)\"" }.joined(separator: ", ")) FROM \"Orders\""

    public struct Fixture: Sendable {
        public let rows: [OrderRow]
    }

    /// The fetched rows, in any order.
    public typealias Output = [OrderRow]
    public typealias Implementation = @Sendable (Iteration, Fixture) throws -> Output

    /// Builds the raw/GRDB store: the table and its rows.
    static func seed(_ run: Iteration, _ fixture: Fixture) throws {
        let db = try RawDatabase(run.storeURL)
        try db.execute(createTable)
        let insert = try db.prepare("INSERT INTO \"Orders\" (\(columns.joined(separator: ", "))) VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?)")
        try db.transaction {
            for row in fixture.rows {
                insert.bind(1, row.id); insert.bind(2, row.customerID); insert.bind(3, row.employeeID)
                insert.bind(4, row.orderDate); insert.bind(5, row.requiredDate); insert.bind(6, row.shippedDate)
                insert.bind(7, row.shipVia); insert.bind(8, row.freight)
                insert.bind(9, row.shipName); insert.bind(10, row.shipAddress); insert.bind(11, row.shipCity)
                insert.bind(12, row.shipRegion); insert.bind(13, row.shipPostalCode); insert.bind(14, row.shipCountry)
                try insert.run()
            }
        }
    }

    /// Every row of the fixture, each once, every column equal.
    static func verify(_ output: Output, _ fixture: Fixture) throws {
        try checkEqual(output.count, fixture.rows.count, "\(label): row count")
        let sorted = output.sorted { $0.id < $1.id }
        for (got, expected) in zip(sorted, fixture.rows) where got != expected {
            throw WorkloadError("\(label): got \(got), expected \(expected)")
        }
    }

    public static var cases: [BenchmarkCase] {
        let variants: [(Engine, Implementation)] = [
            (.raw, raw), (.grdb, grdb), (.grdbCodable, grdbCodable), (.openSwiftData, openSwiftData),
        ]
        return variants.map { engine, body in
            .make(label, engine, freshStorePerIteration: false, iterations: Scale.iterations(500),
                  fixture: { Fixture(rows: NorthwindOrders.make()) }, implementation: body, verify: verify)
        }
    }
}
