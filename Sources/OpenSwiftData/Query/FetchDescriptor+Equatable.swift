import Foundation

/// Descriptors are equal when they fetch the same thing the same way, as in SwiftData
/// (a view that re-fetches `onChange(of: descriptor)` compares them).
///
/// `Predicate` has no equality of its own; two predicates are taken as equal when
/// their expression trees, captured values included, print the same. Predicates that
/// are equal but written differently (`a && b` and `b && a`) compare unequal, which
/// only costs a re-fetch.
extension FetchDescriptor: Equatable {
    /// Two descriptors are equal when their predicates, sort descriptors, windows, properties and prefetched relationships are.
    public static func == (lhs: FetchDescriptor, rhs: FetchDescriptor) -> Bool {
        lhs.sortBy == rhs.sortBy && lhs.fetchLimit == rhs.fetchLimit && lhs.fetchOffset == rhs.fetchOffset
            && lhs.includePendingChanges == rhs.includePendingChanges
            && lhs.propertiesToFetch == rhs.propertiesToFetch
            && lhs.relationshipKeyPathsForPrefetching == rhs.relationshipKeyPathsForPrefetching
            && lhs.predicate.map(Self.shape) == rhs.predicate.map(Self.shape)
    }

    /// The printed expression tree with its variables numbered in order of appearance:
    /// every `#Predicate` makes variables with fresh identifiers.
    private static func shape(of predicate: Predicate<T>) -> String {
        let printed = String(reflecting: predicate.expression)
        var numbers: [Substring: Int] = [:]
        var shape = ""
        var rest = printed[...]
        while let marker = rest.range(of: "Variable(") {
            shape += rest[..<marker.upperBound]
            let digits = rest[marker.upperBound...].prefix { $0.isNumber }
            let number = numbers[digits] ?? numbers.count
            numbers[digits] = number
            shape += String(number)
            rest = rest[digits.endIndex...]
        }
        return shape + rest
    }
}
