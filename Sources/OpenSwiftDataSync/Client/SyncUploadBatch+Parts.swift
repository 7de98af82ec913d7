import Foundation

extension SyncUploadBatch {
    /// The batch as uploads of at most `size` changes each, to be sent in order.
    ///
    /// The server applies each part whole, so a part must not depend on a later one:
    /// deletes go first (a model they delete frees its unique keys for the inserts), then
    /// inserts, each after the inserts its to-one relationships name (a model merged by its
    /// unique key is then known by the model it was merged into when another insert names
    /// it), then updates. A batch that fits in one part is sent as it is.
    ///
    /// Each part's ID is derived from the batch's, its number and `size`, the same at every
    /// attempt, so a part the server applied before the device stopped is recognised when
    /// it is sent again; split another way, the parts are new to the server, which applies
    /// what it already has as no change (the same writes at the same moments).
    func parts(ofAtMost size: Int) -> [SyncUploadBatch] {
        guard changes.count > size, size > 0 else { return [self] }
        let ordered = Self.dependencyOrder(changes)
        return stride(from: 0, to: ordered.count, by: size).enumerated().map { index, start in
            SyncUploadBatch(id: Self.partID(of: id, index, size: size), account: account, device: device, schemaVersion: schemaVersion,
                            changes: Array(ordered[start..<min(start + size, ordered.count)]))
        }
    }

    /// Deletes, then inserts with every insert after those its to-one relationships name,
    /// then the rest, each group otherwise in the batch's order. A list of models (a
    /// to-many's members or order) does not count: a model and its owner name each other,
    /// and the owner's to-many is kept by its members' to-one.
    static func dependencyOrder(_ changes: [SyncChange]) -> [SyncChange] {
        let inserts = changes.filter { $0.kind == .insert }
        let insertIndex = Dictionary(inserts.enumerated().map { ($1.syncID, $0) }, uniquingKeysWith: { first, _ in first })
        var placed = [Bool](repeating: false, count: inserts.count)
        var orderedInserts: [SyncChange] = []
        orderedInserts.reserveCapacity(inserts.count)
        for root in inserts.indices where !placed[root] {
            // Depth first without recursion: a long chain of inserts must not exhaust the stack.
            var stack: [(index: Int, dependencies: [Int])] = []
            placed[root] = true
            stack.append((root, dependencies(of: inserts[root], in: insertIndex)))
            while let top = stack.last {
                if let next = stack[stack.count - 1].dependencies.popLast() {
                    guard !placed[next] else { continue }
                    placed[next] = true
                    stack.append((next, dependencies(of: inserts[next], in: insertIndex)))
                } else {
                    orderedInserts.append(inserts[top.index])
                    stack.removeLast()
                }
            }
        }
        return changes.filter { $0.kind == .delete } + orderedInserts + changes.filter { $0.kind != .delete && $0.kind != .insert }
    }

    private static func dependencies(of change: SyncChange, in insertIndex: [UUID: Int]) -> [Int] {
        change.values.values.compactMap { stamped in
            if case .reference(let target) = stamped.value { insertIndex[target] } else { nil }
        }.reversed()
    }

    /// The batch ID with the part size mixed into bytes 8 to 11 and the part's number into the last four.
    static func partID(of batchID: UUID, _ index: Int, size: Int) -> UUID {
        var bytes = batchID.uuid
        let split = UInt32(truncatingIfNeeded: size)
        bytes.8 ^= UInt8(truncatingIfNeeded: split >> 24)
        bytes.9 ^= UInt8(truncatingIfNeeded: split >> 16)
        bytes.10 ^= UInt8(truncatingIfNeeded: split >> 8)
        bytes.11 ^= UInt8(truncatingIfNeeded: split)
        let number = UInt32(truncatingIfNeeded: index)
        bytes.12 ^= UInt8(truncatingIfNeeded: number >> 24)
        bytes.13 ^= UInt8(truncatingIfNeeded: number >> 16)
        bytes.14 ^= UInt8(truncatingIfNeeded: number >> 8)
        bytes.15 ^= UInt8(truncatingIfNeeded: number)
        return UUID(uuid: bytes)
    }
}
