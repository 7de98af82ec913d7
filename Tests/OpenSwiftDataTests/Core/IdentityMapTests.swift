@testable import OpenSwiftData
import Testing

/// The context's identity map: every registered row ID finds its model, through
/// growth, replacement and removal.
@Suite struct IdentityMapTests {
    private final class Box {
        let id: Int64
        init(_ id: Int64) { self.id = id }
    }

    private func id(_ object: AnyObject?) -> Int64? { (object as? Box)?.id }

    @Test func findsEveryKeyInsertedThroughGrowth() {
        var map = IdentityMap()
        for key in Int64(1)...10_000 { map[key] = Box(key) }
        #expect(map.count == 10_000)
        #expect((Int64(1)...10_000).allSatisfy { id(map[$0]) == $0 })
        #expect(map[0] == nil && map[10_001] == nil && map[-1] == nil)
    }

    @Test func findsKeysAddedBelowTheFirstOne() {
        var map = IdentityMap()
        for key in stride(from: Int64(5_000), through: 1, by: -1) { map[key] = Box(key) }
        #expect((Int64(1)...5_000).allSatisfy { id(map[$0]) == $0 })
        #expect(map.count == 5_000)
    }

    @Test func findsSparseKeysAndKeysAtTheEndsOfTheRange() {
        var map = IdentityMap()
        let keys: [Int64] = [1, 2, 3, .max, .min, 1 << 40, -(1 << 40), 0, 4]
        for key in keys { map[key] = Box(key) }
        #expect(keys.allSatisfy { id(map[$0]) == $0 })
        #expect(map.count == keys.count)
        #expect(map[5] == nil && map[.max - 1] == nil)
    }

    @Test func aMapEmptiedKeyByKeyGivesBackItsSlots() {
        var map = IdentityMap()
        for key in Int64(1)...5_000 { map[key] = Box(key) }
        #expect(map.slotCount >= 5_000)
        for key in Int64(1)...5_000 { map[key] = nil }
        #expect(map.count == 0)
        #expect(map.slotCount == 0)
        map[9_000] = Box(9_000)
        #expect(id(map[9_000]) == 9_000)
        #expect(map.slotCount < 5_000)
    }

    @Test func settingAKeyAgainReplacesItsModel() {
        var map = IdentityMap()
        map[7] = Box(1)
        map[7] = Box(2)
        #expect(map.count == 1)
        #expect(id(map[7]) == 2)
    }

    @Test func removalKeepsTheOtherKeysOfACollisionRunReachable() {
        // Keys that are multiples of a power of two stress one region of the table.
        var map = IdentityMap()
        let keys = (Int64(0)..<2_000).map { $0 * 4_096 - 1_000_000 }
        for key in keys { map[key] = Box(key) }
        for key in keys where key % 3 == 0 { #expect(id(map.removeValue(forKey: key)) == key) }
        for key in keys {
            #expect(id(map[key]) == (key % 3 == 0 ? nil : key))
        }
        #expect(map.count == keys.filter { $0 % 3 != 0 }.count)
    }

    @Test func removedModelIsNoLongerReferencedByTheMap() {
        var map = IdentityMap()
        map[1] = Box(1)
        var removed = map.removeValue(forKey: 1)
        #expect(isKnownUniquelyReferenced(&removed))
        #expect(map.isEmpty)
    }

    @Test func behavesAsADictionaryWithSparseKeys() {
        var map = IdentityMap()
        var reference: [Int64: Int64] = [:]
        var generator = SystemRandomNumberGenerator()
        let keys = (0..<3_000).map { _ in Int64.random(in: .min ... .max, using: &generator) }
        for step in 0..<30_000 {
            let key = keys.randomElement(using: &generator)!
            if Int.random(in: 0..<3, using: &generator) > 0 {
                map[key] = Box(Int64(step))
                reference[key] = Int64(step)
            } else {
                #expect(id(map.removeValue(forKey: key)) == reference.removeValue(forKey: key))
            }
        }
        #expect(map.count == reference.count)
        for key in keys { #expect(id(map[key]) == reference[key]) }
        #expect(Set(map.values.compactMap(id)) == Set(reference.values))
    }

    @Test func behavesAsADictionaryUnderRandomInsertsAndRemovals() {
        var map = IdentityMap()
        var reference: [Int64: Int64] = [:]
        var generator = SystemRandomNumberGenerator()
        for step in 0..<50_000 {
            let key = Int64.random(in: -500...3_000, using: &generator)
            if Bool.random(using: &generator) {
                map[key] = Box(Int64(step))
                reference[key] = Int64(step)
            } else {
                #expect(id(map.removeValue(forKey: key)) == reference.removeValue(forKey: key))
            }
        }
        #expect(map.count == reference.count)
        for (key, value) in reference { #expect(id(map[key]) == value) }
        #expect(Set(map.values.compactMap(id)) == Set(reference.values))
    }
}
