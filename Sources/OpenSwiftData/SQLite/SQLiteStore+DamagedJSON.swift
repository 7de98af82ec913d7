import Foundation
import GRDB

// A statement that reads a field of a JSON-stored attribute (`json_extract`) stops at
// the first value that is not JSON, with SQLite's "malformed JSON". Such a value can only
// have been written by another program; the store names it as a fetch of the whole
// model would: the entity, the attribute and the row.
extension SQLiteStore {
    /// The damaged value behind `error`, if it is SQLite's "malformed JSON" and a
    /// JSON-stored column of the store holds text that is not JSON.
    func damagedJSONValue(behind error: DatabaseError) -> OpenSwiftDataError? {
        guard error.resultCode == .SQLITE_ERROR, error.message == "malformed JSON" else { return nil }
        for table in tables {
            for property in table.entity.persistedProperties where table.columnForProperty[property.index] >= 0 {
                guard let attribute = property.attribute, attribute.codec?.kind == .json else { continue }
                let column = attribute.name.quotedIdentifier
                let sql = "SELECT \"Z_PK\", \(column) FROM \(table.name.quotedIdentifier) WHERE \(column) IS NOT NULL AND NOT json_valid(\(column)) LIMIT 1"
                // `json_valid` reads any text without raising, so this read cannot fail as the first did.
                guard let row = try? read({ db in try Row.fetchOne(db, sql: sql) }) else { continue }
                let key: Int64 = row[0]
                let text = String(describing: row[1] as DatabaseValue)
                let shown = text.count > 40 ? String(text.prefix(40)) + "…" : text
                return .corruptValue(entity: table.entity.name, property: attribute.name,
                                     reason: "the value \(shown) in row \(key) is not JSON (another program wrote it), so a query on one "
                                         + "of its fields cannot read it; correct or clear that value")
            }
        }
        return nil
    }
}
