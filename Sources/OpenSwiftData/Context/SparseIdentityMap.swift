/// The identity map's storage for row IDs too spread out for an array: a hash
/// table with open addressing and linear probing, at most half full.
///
/// Row IDs come from the store, not from an attacker, so a multiplicative
/// (Fibonacci) hash does; `Dictionary`'s SipHash, computed once to look a row up
/// and again to register it, cost about 600 instructions per row of a selective
/// fetch. Entries are removed by moving the following ones back, so no tombstones
/// build up.
struct SparseIdentityMap {
    private struct Slot {
        var key: Int64
        /// nil marks an empty slot.
        var model: AnyObject?
    }

    private var slots: ContiguousArray<Slot>
    /// `64 - log2(slots.count)`: the hash's top bits index the table.
    private var shift: UInt64
    private(set) var count = 0

    /// A table for `capacity` entries before it grows.
    init(capacity: Int) {
        var size = 16
        while size < capacity * 2 { size *= 2 }
        slots = ContiguousArray(repeating: Slot(key: 0, model: nil), count: size)
        shift = UInt64(64 - size.trailingZeroBitCount)
    }

    subscript(key: Int64) -> AnyObject? {
        get {
            var index = home(of: key)
            while slots[index].model != nil {
                if slots[index].key == key { return slots[index].model }
                index = (index + 1) & mask
            }
            return nil
        }
        set {
            if let newValue {
                insert(newValue, for: key)
            } else {
                removeValue(forKey: key)
            }
        }
    }

    @discardableResult
    mutating func removeValue(forKey key: Int64) -> AnyObject? {
        var index = home(of: key)
        while slots[index].model != nil {
            if slots[index].key == key {
                let removed = slots[index].model.take()
                count -= 1
                closeGap(at: index)
                return removed
            }
            index = (index + 1) & mask
        }
        return nil
    }

    var values: [AnyObject] { slots.compactMap(\.model) }

    private var mask: Int { slots.count - 1 }

    private func home(of key: Int64) -> Int {
        Int(truncatingIfNeeded: (UInt64(bitPattern: key) &* 0x9E37_79B9_7F4A_7C15) >> shift)
    }

    private mutating func insert(_ model: AnyObject, for key: Int64) {
        var index = home(of: key)
        while slots[index].model != nil {
            if slots[index].key == key {
                slots[index].model = model
                return
            }
            index = (index + 1) & mask
        }
        if (count + 1) * 2 > slots.count {
            grow()
            insert(model, for: key)
            return
        }
        slots[index] = Slot(key: key, model: model)
        count += 1
    }

    private mutating func grow() {
        var old = ContiguousArray(repeating: Slot(key: 0, model: nil), count: slots.count * 2)
        swap(&old, &slots)
        shift -= 1
        // The models are moved out of the old table, not copied: no retain and release each.
        for index in old.indices {
            guard let model = old[index].model.take() else { continue }
            var target = home(of: old[index].key)
            while slots[target].model != nil { target = (target + 1) & mask }
            slots[target] = Slot(key: old[index].key, model: model)
        }
    }

    /// Moves back the entries after an emptied slot that could not sit in their
    /// home slot because of it, so that every entry stays reachable from its home.
    private mutating func closeGap(at emptied: Int) {
        var gap = emptied
        var index = (gap + 1) & mask
        while slots[index].model != nil {
            let home = home(of: slots[index].key)
            // The entry may move into the gap when the gap lies between its home
            // and its slot, counting cyclically.
            if (index - home) & mask >= (index - gap) & mask {
                slots[gap] = Slot(key: slots[index].key, model: slots[index].model.take())
                gap = index
            }
            index = (index + 1) & mask
        }
    }
}
