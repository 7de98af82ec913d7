import Foundation

/// A row holding one JSON text in column 0, from which a model is made to check what
/// a sort key path reads out of a `Codable` attribute (see `SortTranslator`).
final class JSONProbeRow: _RowSource {
    private let json: String

    init(_ json: String) { self.json = json }

    var rowID: Int64 { 0 }
    func columnName(at column: Int32) -> String { "" }
    func isNull(at column: Int32) -> Bool { column != 0 }
    func integer(at column: Int32) -> Int64? { nil }
    func real(at column: Int32) -> Double? { nil }
    func text(at column: Int32) -> String? { column == 0 ? json : nil }
    func bytes(at column: Int32) -> Data? { nil }
    func storedValue(at column: Int32) -> StoredValue { column == 0 ? .text(json) : .null }
}
