import CommandLineSupport
import CouponTracker
import Foundation

/// Dollars with two decimals: `$12.95`, `$1,200.00`.
func money(_ value: Decimal) -> String {
    var rounded = Decimal(), source = value
    NSDecimalRound(&rounded, &source, 2, .plain)
    let negative = rounded < 0
    let text = "\(negative ? -rounded : rounded)"
    let parts = text.split(separator: ".", maxSplits: 1).map(String.init)
    var whole = parts[0]
    var grouped = ""
    while whole.count > 3 {
        grouped = "," + whole.suffix(3) + grouped
        whole.removeLast(3)
    }
    let cents = parts.count == 2 ? String((parts[1] + "00").prefix(2)) : "00"
    return (negative ? "-$" : "$") + whole + grouped + "." + cents
}

/// An amount in JSON: its exact decimal text.
func amount(_ value: Decimal) -> String { "\(value)" }
