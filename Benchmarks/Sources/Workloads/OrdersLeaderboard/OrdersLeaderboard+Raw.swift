extension OrdersLeaderboard {
    /// Prepare the SELECT, step it, build an `OrderRow` from each row's columns by
    /// index: what Lighter's generated `Order.fetch(from:)` does on the C API.
    @Sendable static func raw(_ run: Iteration, _ fixture: Fixture) throws -> Output {
        try run.once { try seed(run, fixture) }
        let db = try RawDatabase(run.storeURL)
        return try run.measure {
            let statement = try db.prepare(select)
            var rows: [OrderRow] = []
            while try statement.step() {
                rows.append(OrderRow(
                    id: statement.int(0), customerID: statement.optionalText(1), employeeID: statement.optionalInt(2),
                    orderDate: statement.optionalText(3), requiredDate: statement.optionalText(4),
                    shippedDate: statement.optionalText(5), shipVia: statement.optionalInt(6),
                    freight: statement.optionalDouble(7), shipName: statement.optionalText(8),
                    shipAddress: statement.optionalText(9), shipCity: statement.optionalText(10),
                    shipRegion: statement.optionalText(11), shipPostalCode: statement.optionalText(12),
                    shipCountry: statement.optionalText(13)
                ))
            }
            return rows
        }
    }
}
