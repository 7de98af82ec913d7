import Foundation

/// Identity questions about arrays of models, answered on the references' bits.
///
/// A to-many relationship grows one member at a time, and each append asks whether
/// the member is new and whether the rest of the array is unchanged. Asked through
/// the elements, each comparison retains and releases a model (in unoptimised
/// builds, through the generic type's value witnesses): building a relationship of
/// 8,000 members took nine seconds. Compared as words, the same questions are a
/// `memcmp` and a loop over integers.
enum ModelReferences {
    /// The last position of `member` in `models`, by identity.
    static func lastIndex<Model: AnyObject>(of member: AnyObject, in models: [Model]) -> Int? {
        guard MemoryLayout<Model>.size == MemoryLayout<UInt>.size else { return models.lastIndex { $0 === member } }
        let target = UInt(bitPattern: Unmanaged.passUnretained(member).toOpaque())
        return models.withUnsafeBytes { bytes in
            var index = models.count
            while index > 0 {
                index -= 1
                if bytes.load(fromByteOffset: index &* MemoryLayout<UInt>.size, as: UInt.self) == target { return index }
            }
            return nil
        }
    }

    /// Whether `models` begins with exactly the models of `prefix`, in order.
    static func hasPrefix<Model: AnyObject>(_ models: [Model], _ prefix: [Model]) -> Bool {
        guard prefix.count <= models.count else { return false }
        guard MemoryLayout<Model>.size == MemoryLayout<UInt>.size else {
            return zip(prefix, models).allSatisfy { $0 === $1 }
        }
        return models.withUnsafeBytes { whole in
            prefix.withUnsafeBytes { start in
                guard let a = whole.baseAddress, let b = start.baseAddress else { return true }
                return memcmp(a, b, start.count) == 0
            }
        }
    }

    /// Whether the two arrays share one buffer: the same models in the same order,
    /// known without comparing them.
    static func areTheSameArray<Model: AnyObject>(_ a: [Model], _ b: [Model]) -> Bool {
        a.count == b.count && a.withUnsafeBufferPointer { a in b.withUnsafeBufferPointer { b in a.baseAddress == b.baseAddress } }
    }
}
