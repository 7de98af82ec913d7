import Foundation

// `Bool` is not `Comparable`, so `SortDescriptor(\.flag)` does not compile until an
// app gives it an order. Sorting by a Bool is then pushed down when that order puts
// false first (as SQLite orders 0 before 1), which the sort translator checks.
extension Bool: @retroactive Comparable {
    public static func < (lhs: Bool, rhs: Bool) -> Bool { !lhs && rhs }
}
