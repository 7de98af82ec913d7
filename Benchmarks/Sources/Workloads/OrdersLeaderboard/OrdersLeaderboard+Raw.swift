extension OrdersLeaderboard {
    /// Prepare the SELECT, step it, build an `OrderRow` from each row's columns by
    /// index, appending to an array that was not reserved: what Lighter's generated
    /// `Order.fetch(from:)` does on the C API, text read without asking its type.
    @Sendable static func raw(_ run: Iteration, _ fixture: Fixture) throws -> Output {
        try run.once { try seed(run, fixture) }
        let db = try RawDatabase(run.storeURL)
        return try run.measure {
            let statement = try db.prepare(select)
            var rows: [OrderRow] = []
            while try statement.step() {
                rows.append(OrderRow(
                    id: statement.int(0), customerID: statement.textIfPresent(1), employeeID: statement.optionalInt(2),
                    orderDate: statement.textIfPresent(3), requiredDate: statement.textIfPresent(4),
                    shippedDate: statement.textIfPresent(5), shipVia: statement.optionalInt(6),
                    freight: statement.optionalDouble(7), shipName: statement.textIfPresent(8),
                    shipAddress: statement.textIfPresent(9), shipCity: statement.textIfPresent(10),
                    shipRegion: statement.textIfPresent(11), shipPostalCode: statement.textIfPresent(12),
                    shipCountry: statement.textIfPresent(13)
                ))
            }
            return rows
        }
    }
}
