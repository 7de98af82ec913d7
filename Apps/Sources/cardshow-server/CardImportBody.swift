import CardShowPro
import Foundation
import JSONText

/// A `POST /cards` body as the importer reads it: an export document (`{"exportDate",
/// "version", "cards": [...]}`, what `cardshow export --format json` writes) as it is, or
/// one card's fields, placed in a document on the body's own first line so that the
/// importer's errors name the lines of the body as the client sent it.
struct CardImportBody: Sendable {
    /// The document for ``InventoryExchange/importData(_:format:progress:matchingWantList:)``.
    let document: Data
    /// Whether the body is one card's fields (answered with the card as stored) rather
    /// than an export document (answered with counts).
    let isSingleCard: Bool

    /// Whether `sent` holds nothing but white space and a byte order mark.
    static func isBlank(_ sent: Data) -> Bool {
        let bytes = sent.starts(with: [0xEF, 0xBB, 0xBF]) ? sent.dropFirst(3) : sent[...]
        return bytes.allSatisfy { [0x20, 0x09, 0x0A, 0x0D].contains($0) }
    }

    /// `error` as the client should read it: a single card's key paths name its own keys
    /// (`name`), not the export document it was placed in (`cards[0].name`), which the client
    /// never sent. A body the JSON checker refuses before it is placed is named so already.
    func inTheClientsWords(_ error: Error) -> Error {
        guard isSingleCard, case let ImportError.malformed(line, reason) = error,
              reason.hasPrefix(Self.placedPath) else { return error }
        return ImportError.malformed(line: line, reason: String(reason.dropFirst(Self.placedPath.count)))
    }

    /// The path of the one card in the document it is placed in.
    private static let placedPath = "cards[0]."

    init(_ sent: Data) {
        // A byte order mark is dropped here, as the importer drops it from an export; what
        // else is wrong the importer names.
        let body = (try? JSONText.checked(sent)) ?? sent
        let object = try? JSONSerialization.jsonObject(with: body) as? [String: Any]
        guard let object, object["cards"] == nil else {
            // An export document, or something that is not JSON at all: the importer says what is wrong where.
            document = body
            isSingleCard = false
            return
        }
        // A card without an "id" gets a new one from the importer, which then looks nothing
        // up: a new card is one insert. An "id" that is not a UUID the importer names.
        isSingleCard = true
        // Foundation's format style: an ISO8601DateFormatter made for each body costs a
        // fifteenth of the server's work on a POST.
        let exportDate = Date().formatted(.iso8601)
        document = Data("{\"exportDate\":\"\(exportDate)\",\"version\":\"\(InventoryExport.formatVersion)\",\"cards\":[".utf8)
            + body + Data("]}".utf8)
    }
}
