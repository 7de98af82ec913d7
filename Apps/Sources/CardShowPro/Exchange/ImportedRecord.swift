import Foundation

/// A card read from a file, with where each of its fields was, for error messages.
struct ImportedRecord {
    var card: InventoryExport.CardExport
    /// The line the record starts on.
    var line: Int
    /// The line of a field, when the format knows it (JSON); else the record's line.
    var lineOfField: (CardField) -> Int
    /// A field's name as the format spells it ("marketValue", "Market Value").
    var nameOfField: (CardField) -> String
    /// A field's value as the file writes it (`-5`, not the `-5.0` the number prints as),
    /// when the format kept it; a refusal shows it rather than the value as read.
    var writtenText: (CardField) -> String? = { _ in nil }
    /// The record's place in the file (counting from 1) when its line holds other records
    /// too (a JSON export written on one line), which the line alone does not tell apart.
    var placeOnSharedLine: Int? = nil

    func invalid(_ field: CardField, _ value: String, _ reason: String) -> ImportError {
        .invalidField(line: lineOfField(field), field: nameOfField(field), value: value, reason: reason, card: placeOnSharedLine)
    }
}
