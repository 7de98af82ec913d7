import GRDB

/// The Codable GRDB record of Lighter's suite: properties named after the columns and
/// nothing written by hand, so GRDB decodes each row through `Decodable`.
struct CodableOrderRow: Codable, FetchableRecord, TableRecord {
    static let databaseTableName = "Orders"

    var OrderID: Int
    var CustomerID: String?
    var EmployeeID: Int?
    var OrderDate: String?
    var RequiredDate: String?
    var ShippedDate: String?
    var ShipVia: Int?
    var Freight: Double?
    var ShipName: String?
    var ShipAddress: String?
    var ShipCity: String?
    var ShipRegion: String?
    var ShipPostalCode: String?
    var ShipCountry: String?

    var row: OrderRow {
        OrderRow(
            id: OrderID, customerID: CustomerID, employeeID: EmployeeID,
            orderDate: OrderDate, requiredDate: RequiredDate, shippedDate: ShippedDate,
            shipVia: ShipVia, freight: Freight,
            shipName: ShipName, shipAddress: ShipAddress, shipCity: ShipCity,
            shipRegion: ShipRegion, shipPostalCode: ShipPostalCode, shipCountry: ShipCountry
        )
    }
}
