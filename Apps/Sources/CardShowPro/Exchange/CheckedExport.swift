/// The cards of an export file, read and checked as far as a file can be without a store
/// (`InventoryExchange.read`), to import once a store is open.
public struct CheckedExport {
    let records: [ImportedRecord]

    /// How many cards the file holds.
    public var count: Int { records.count }
}
