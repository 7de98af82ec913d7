/// One row of Northwind's `Orders` table as a plain Swift value: what the raw and
/// GRDB hand-written variants build, and what every variant's result is checked as.
///
/// The dates stay text, as in every variant of Lighter's suite (the column holds
/// `2019-02-10 04:59:33` or `2016-07-04`). `Freight` is a `Double` in all four variants
/// here so that they convert the same thing; Lighter's generated code reads it as text
/// and its GRDB records decode a `Decimal`.
public struct OrderRow: Equatable, Sendable {
    public var id: Int
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
}
