import Foundation

extension Array {
    /// Sorts in place by the first descriptor, then by the next where it finds equal
    /// elements: a fetch's order when it is sorted in Swift rather than in the store.
    mutating func sort(by descriptors: [SortDescriptor<Element>]) {
        guard !descriptors.isEmpty else { return }
        sort { lhs, rhs in
            for descriptor in descriptors {
                switch descriptor.compare(lhs, rhs) {
                case .orderedAscending: return true
                case .orderedDescending: return false
                case .orderedSame: continue
                }
            }
            return false
        }
    }
}
