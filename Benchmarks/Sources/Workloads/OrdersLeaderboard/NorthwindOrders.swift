import Foundation

/// The rows of the `Orders` table that Lighter's performance suite reads, generated here.
///
/// The suite reads the populated Northwind database of
/// https://github.com/jpwhite3/northwind-SQLite3 (`make build populate`): Northwind's
/// 830 orders, dated 1996-1998 and moved 20 years on by its `update.sql`, then about
/// 15,000 more that its `populate.py` draws at random (so no two builds hold the same
/// rows). The built `northwind.db` is not in that repository, so this file generates a
/// table of the same shape from a fixed seed: the same row count as the suite's README
/// reports (15,889), ids from 10248, the 830 first rows with date-only text and the rest
/// with date-time text drawn as `populate.py` draws them (order date 2012-07-10 to the
/// day of Lighter's run, required within 14-60 days, shipped within 1-30 days, freight
/// a quarter per item over 1-77 lines of 1-50 items plus 10), the ship-to columns from
/// a fixed set of 89 addresses in Northwind's 21 countries, each with its `update.sql`
/// region. Names and addresses are made up; the byte lengths are of the same order.
public enum NorthwindOrders {
    /// `SELECT COUNT(*) FROM "Orders"` in Lighter's README after `make populate`.
    public static let count = 15_889
    static let originalCount = 830
    static let firstID = 10_248
    static let seed: UInt64 = 0x4E6F_7274_6877_696E // "Northwin"

    public static func make() -> [OrderRow] {
        var rng = SplitMix64(seed: seed)
        let locations = (0..<89).map { _ in ShipLocation.make(&rng) }
        let customers = (0..<93).map { _ in customerID(&rng) }
        var rows: [OrderRow] = []
        rows.reserveCapacity(count)
        for index in 0..<count {
            let location = rng.pick(locations)
            var row = OrderRow(
                id: firstID + index, customerID: rng.pick(customers), employeeID: rng.int(in: 1...9),
                shipVia: rng.int(in: 1...3),
                shipName: location.name, shipAddress: location.address, shipCity: location.city,
                shipRegion: location.region, shipPostalCode: location.postalCode, shipCountry: location.country
            )
            if index < originalCount {
                // Northwind's own orders: one every 0.8 days or so from 2016-07-04, due in
                // two to six weeks, a few never shipped.
                let day = originalStart + (index * 671 / originalCount) * 86_400
                row.orderDate = dateText(day)
                row.requiredDate = dateText(day + rng.pick([14, 28, 28, 28, 42]) * 86_400)
                row.shippedDate = rng.chance(0.025) ? nil : dateText(day + rng.int(in: 1...37) * 86_400)
                row.freight = rng.cents(0.02, 1007.64)
            } else {
                let ordered = rng.int(in: populateStart...populateEnd)
                row.orderDate = dateTimeText(ordered)
                let dueWithin = rng.int(in: 14...60) * 86_400
                row.requiredDate = dateTimeText(ordered + rng.int(in: 0...dueWithin))
                let shippedWithin = rng.int(in: 1...30) * 86_400
                row.shippedDate = dateTimeText(ordered + rng.int(in: 0...shippedWithin))
                let items = (0..<rng.int(in: 1...77)).reduce(0) { sum, _ in sum + rng.int(in: 1...50) }
                row.freight = Double(items) * 0.25 + 10
            }
            rows.append(row)
        }
        return rows
    }

    // Seconds since 1970 (UTC): 2016-07-04, 2012-07-10 and 2022-08-06.
    static let originalStart = 1_467_590_400
    static let populateStart = 1_341_878_400
    static let populateEnd = 1_659_744_000

    /// `2016-07-04`, what SQLite's `date()` left in `update.sql`.
    static func dateText(_ seconds: Int) -> String {
        String(ISO8601UTC.string(from: Date(timeIntervalSince1970: TimeInterval(seconds))).prefix(10))
    }

    /// `2019-02-10 04:59:33`, what Python's `str(datetime)` wrote in `populate.py`.
    static func dateTimeText(_ seconds: Int) -> String {
        let iso = ISO8601UTC.string(from: Date(timeIntervalSince1970: TimeInterval(seconds)))
        return iso.prefix(10) + " " + iso.dropFirst(11).prefix(8)
    }

    /// Five capitals, the shape of Northwind's customer ids (`VINET`).
    static func customerID(_ rng: inout SplitMix64) -> String {
        String((0..<5).map { _ in Character(UnicodeScalar(UInt8(65 + rng.int(in: 0...25)))) })
    }
}
