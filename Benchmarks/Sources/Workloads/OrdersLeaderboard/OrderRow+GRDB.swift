import GRDB

/// The hand-written GRDB record of Lighter's suite: an explicit selection in table
/// order and decoding by column index.
extension OrderRow: FetchableRecord, TableRecord {
    public static let databaseTableName = "Orders"

    public static var databaseSelection: [any SQLSelectable] {
        OrdersLeaderboard.columns.map { Column($0) }
    }

    public init(row: Row) {
        self.init(
            id: row[0], customerID: row[1], employeeID: row[2],
            orderDate: row[3], requiredDate: row[4], shippedDate: row[5],
            shipVia: row[6], freight: row[7],
            shipName: row[8], shipAddress: row[9], shipCity: row[10],
            shipRegion: row[11], shipPostalCode: row[12], shipCountry: row[13]
        )
    }
}
