import OpenSwiftData

/// Northwind's order as a SwiftData app would declare it: the `Orders` columns as
/// attributes (OpenSwiftData keeps its own table and primary key; `orderID` is the
/// Northwind number, an ordinary attribute).
@Model
public final class Order {
    public var orderID: Int
    public var customerID: String?
    public var employeeID: Int?
    public var orderDate: String?
    public var requiredDate: String?
    public var shippedDate: String?
    public var shipVia: Int?
    public var freight: Double?
    public var shipName: String?
    public var shipAddress: String?
    public var shipCity: String?
    public var shipRegion: String?
    public var shipPostalCode: String?
    public var shipCountry: String?

    public init(_ row: OrderRow) {
        orderID = row.id
        customerID = row.customerID
        employeeID = row.employeeID
        orderDate = row.orderDate
        requiredDate = row.requiredDate
        shippedDate = row.shippedDate
        shipVia = row.shipVia
        freight = row.freight
        shipName = row.shipName
        shipAddress = row.shipAddress
        shipCity = row.shipCity
        shipRegion = row.shipRegion
        shipPostalCode = row.shipPostalCode
        shipCountry = row.shipCountry
    }

    public var row: OrderRow {
        OrderRow(
            id: orderID, customerID: customerID, employeeID: employeeID,
            orderDate: orderDate, requiredDate: requiredDate, shippedDate: shippedDate,
            shipVia: shipVia, freight: freight,
            shipName: shipName, shipAddress: shipAddress, shipCity: shipCity,
            shipRegion: shipRegion, shipPostalCode: shipPostalCode, shipCountry: shipCountry
        )
    }
}
