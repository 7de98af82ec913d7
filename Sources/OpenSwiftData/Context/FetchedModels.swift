/// The models a fetch has materialised so far, in order, held as plain object
/// references and handed over as `[T]` at the end.
///
/// `fetchRows` is generic over the model type and is not specialised for the
/// app's models (they live in another module), so appending to an `Array<T>`
/// there looked up `Array<T>`'s type metadata on every row. This buffer grows
/// without knowing `T`, and its references are moved, not copied, into the
/// result: no retain and release per row.
struct FetchedModels: ~Copyable {
    private var storage: UnsafeMutablePointer<AnyObject>
    private var capacity: Int
    private(set) var count = 0

    init() {
        capacity = 64
        storage = .allocate(capacity: capacity)
    }

    deinit {
        storage.deinitialize(count: count)
        storage.deallocate()
    }

    mutating func append(_ model: AnyObject) {
        if count == capacity {
            let grown = UnsafeMutablePointer<AnyObject>.allocate(capacity: capacity * 2)
            grown.moveInitialize(from: storage, count: count)
            storage.deallocate()
            storage = grown
            capacity *= 2
        }
        (storage + count).initialize(to: model)
        count += 1
    }

    /// The models as an array of their type, which the caller guarantees they all have.
    consuming func array<T: AnyObject>(of type: T.Type) -> [T] {
        let result = [T](unsafeUninitializedCapacity: count) { buffer, initialized in
            // A reference to a `T` has the layout of any object reference.
            storage.withMemoryRebound(to: T.self, capacity: count) { models in
                buffer.baseAddress!.moveInitialize(from: models, count: count)
            }
            initialized = count
        }
        storage.deallocate()
        discard self
        return result
    }
}
