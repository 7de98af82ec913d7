import Foundation
import OpenSwiftData

/// One save of every kind of change, made against a store of ten vouchers, which a
/// fault interrupts: 100 inserts of half a kilobyte each (many pages, so that a fault
/// can strike part-way through), an update, a rename and a delete.
struct FaultScenario {
    static let renamedCode = "Z03"

    let store: FaultyStore
    let container: ModelContainer
    let context: ModelContext

    /// The ten vouchers saved before the scenario's save.
    init(store: FaultyStore) throws {
        self.store = store
        container = try store.container()
        let setup = ModelContext(container)
        for index in 0..<10 { setup.insert(Voucher(code: String(format: "A%02d", index), amount: 1)) }
        try setup.save()
        context = ModelContext(container)
    }

    /// Makes the save's changes in the context, without saving them.
    func makeChanges() throws {
        let vouchers = try context.fetch(FetchDescriptor<Voucher>(sortBy: [SortDescriptor(\.code)]))
        vouchers[1].amount = 2
        context.delete(vouchers[2])
        vouchers[3].code = Self.renamedCode
        for index in 0..<100 {
            context.insert(Voucher(code: String(format: "N%03d", index), amount: index, note: String(repeating: "n", count: 500)))
        }
    }

    /// The rows once the save has landed, in `FaultyStore.rows` form.
    static var intendedRows: [String] {
        var rows = ["A00 1 0", "A01 2 0"] + (4..<10).map { String(format: "A%02d 1 0", $0) }
        rows += (0..<100).map { String(format: "N%03d %d 500", $0, $0) }
        rows.append("\(renamedCode) 1 0")
        return rows.sorted()
    }
}
