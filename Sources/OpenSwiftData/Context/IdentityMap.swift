/// The models of one entity a context has registered, by row ID: its identity map.
///
/// A fetch looks up every row it reads here and registers every row it has not
/// seen, so this map is on the hottest path there is. Row IDs are mostly dense:
/// SQLite numbers a table's rows 1, 2, 3, …, and a fetch of many rows registers a
/// run of them. While the registered IDs stay dense (their span at most four
/// times their count, plus 1,024), the map is an array indexed by `rowID - base`:
/// no hashing, and a fetch in row order walks memory in order. In the W2
/// benchmark (200,000 rows) the fetch takes about 64 ms with it, against 89 ms
/// with a `Dictionary`, whose SipHash and scattered buckets cost a cache miss per
/// row. Sparse IDs (a selective predicate over a large table) move the map for
/// good to a hash table (`SparseIdentityMap`), whose memory is proportional to
/// what it holds.
struct IdentityMap {
    /// Dense storage: the model of row `base + i` at `slots[i]`.
    private var base: Int64 = 0
    private var slots: ContiguousArray<AnyObject?> = []
    private var denseCount = 0
    /// Sparse storage, once the IDs are too spread out for `slots`.
    private var hashed: SparseIdentityMap?

    init() {}

    var count: Int { hashed?.count ?? denseCount }
    /// The slots the dense storage holds, empty or not: what the map costs in memory.
    var slotCount: Int { slots.count }
    var isEmpty: Bool { count == 0 }

    subscript(rowID: Int64) -> AnyObject? {
        get {
            if let hashed { return hashed[rowID] }
            guard let index = slotIndex(of: rowID) else { return nil }
            return slots[index]
        }
        set {
            if let newValue {
                insert(newValue, for: rowID)
            } else {
                removeValue(forKey: rowID)
            }
        }
    }

    /// Removes the model registered under `rowID` and returns it, leaving no other
    /// reference to it here.
    @discardableResult
    mutating func removeValue(forKey rowID: Int64) -> AnyObject? {
        if hashed != nil { return hashed!.removeValue(forKey: rowID) }
        guard let index = slotIndex(of: rowID), let removed = slots[index].take() else { return nil }
        denseCount -= 1
        if denseCount == 0 {
            // Empty again (as after each batch of an enumeration): give the slots back, so
            // that a context that visits many rows holds no slot per row it let go.
            slots = []
            base = 0
        }
        return removed
    }

    /// The registered models, in no particular order.
    var values: [AnyObject] {
        if let hashed { return hashed.values }
        return slots.compactMap { $0 }
    }

    /// Empties the map and returns what it held: the returned array then holds the
    /// map's one reference to each model.
    mutating func removeAllValues() -> [AnyObject] {
        let all = values
        self = IdentityMap()
        return all
    }

    // MARK: Dense storage

    private func slotIndex(of rowID: Int64) -> Int? {
        let (offset, overflow) = rowID.subtractingReportingOverflow(base)
        guard !overflow, offset >= 0, offset < Int64(slots.count) else { return nil }
        return Int(offset)
    }

    private mutating func insert(_ model: AnyObject, for rowID: Int64) {
        if hashed != nil {
            hashed![rowID] = model
            return
        }
        if let index = slotIndex(of: rowID) {
            if slots[index] == nil { denseCount += 1 }
            slots[index] = model
            return
        }
        if denseCount == 0 {
            base = rowID
            slots = ContiguousArray(repeating: nil, count: 64)
        } else if !extendSlots(toCover: rowID) {
            moveToHashed()
            hashed![rowID] = model
            return
        }
        slots[slotIndex(of: rowID)!] = model
        denseCount += 1
    }

    /// Grows `slots` to cover `rowID` (at least doubling, with the room on the side
    /// the IDs are growing towards), unless the IDs would then be too sparse.
    private mutating func extendSlots(toCover rowID: Int64) -> Bool {
        let lowest = Swift.min(rowID, base)
        let (last, lastOverflow) = base.addingReportingOverflow(Int64(slots.count) - 1)
        let highest = Swift.max(rowID, last)
        let (span, spanOverflow) = highest.subtractingReportingOverflow(lowest)
        guard !lastOverflow, !spanOverflow, span < Int64(4 * (denseCount + 1) + 1024) else { return false }
        let capacity = Swift.max(Int(span + 1), 2 * slots.count)
        if rowID > base {
            // Growing upwards, as a fetch in row order does: appending lets the array
            // move its storage as a block, where a new array and a move would then
            // have destroyed every slot of the old one, one by one.
            slots.append(contentsOf: repeatElement(nil, count: capacity - slots.count))
            return true
        }
        // Growing downwards: the room goes below, towards where the IDs are going.
        let (newBase, baseOverflow) = highest.subtractingReportingOverflow(Int64(capacity - 1))
        guard !baseOverflow else { return false }
        let shift = Int(base - newBase)
        var grown = ContiguousArray<AnyObject?>(repeating: nil, count: capacity)
        grown.withUnsafeMutableBufferPointer { target in
            slots.withUnsafeMutableBufferPointer { source in
                // Moved rather than copied, so that no model is retained and released
                // once more; the old slots are left holding nil.
                let destination = target.baseAddress! + shift
                destination.deinitialize(count: source.count)
                destination.moveInitialize(from: source.baseAddress!, count: source.count)
                source.baseAddress!.initialize(repeating: nil, count: source.count)
            }
        }
        slots = grown
        base = newBase
        return true
    }

    private mutating func moveToHashed() {
        var map = SparseIdentityMap(capacity: denseCount * 2)
        for (index, model) in slots.enumerated() {
            if let model { map[base + Int64(index)] = model }
        }
        hashed = map
        slots = []
        denseCount = 0
    }
}
