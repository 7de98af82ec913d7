/// The persisted properties of a saved model set since its last save, by their place in
/// its entity's properties.
///
/// An update writes only their columns: the rest of the row and the indexes on it are
/// left alone (an update of one attribute no longer rewrites the entry of every unique
/// index), and another context's or process's save of other properties of the same row
/// is kept. A change that does not say which property it is, and a property past the
/// 64th, count as a change of every property: the whole row is written, as it always was.
package struct ChangedProperties: Hashable, Sendable {
    private(set) var bits: UInt64 = 0

    /// Every property: the whole row is written.
    package static let all = ChangedProperties(bits: .max)

    package var isEmpty: Bool { bits == 0 }
    package var isAll: Bool { bits == .max }

    mutating func insert(_ index: Int) {
        bits |= (0..<64).contains(index) ? 1 << UInt64(index) : .max
    }

    package func contains(_ index: Int) -> Bool {
        (0..<64).contains(index) ? bits & (1 << UInt64(index)) != 0 : isAll
    }
}
