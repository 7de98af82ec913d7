/// The keys a sectioned fetch selects, in its order, and the sections they fall into:
/// for each run of rows that share the section attribute's value, that value and the
/// number of rows in the run. The store finds the runs (a window partitioned by the
/// attribute, in the fetch's own order), so that no model is made to group them.
package struct StoreSections: Sendable {
    package var keys: [Int64]
    package var runs: [(value: StoredValue, count: Int)]

    package init(keys: [Int64] = [], runs: [(value: StoredValue, count: Int)] = []) {
        self.keys = keys
        self.runs = runs
    }

    /// Adds the next row: `startsRun` when it is the first, in the fetch's order, of
    /// the rows that share its section value, which it then carries.
    package mutating func append(_ key: Int64, startsRun: Bool, value: @autoclosure () -> StoredValue) {
        keys.append(key)
        if startsRun || runs.isEmpty {
            runs.append((value(), 1))
        } else {
            runs[runs.count - 1].count += 1
        }
    }
}
