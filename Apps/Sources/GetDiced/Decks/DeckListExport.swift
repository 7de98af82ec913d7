import GRDB

extension DeckService {
    /// The deck as a ``DeckList``, every slot in order, including slots whose card
    /// left the catalog (written by id only, so an import reports them).
    public func exportDeckList(_ deckReference: String) throws -> DeckList {
        try database.read { db in
            let deck = try Self.deck(deckReference, in: db)
            let rows = try Row.fetchAll(db, sql: """
                SELECT dc.slot_type, dc.slot_number, dc.card_uuid, c.name
                FROM deck_cards dc
                LEFT JOIN cards c ON c.db_uuid = dc.card_uuid
                WHERE dc.deck_id = ?
                ORDER BY
                    CASE dc.slot_type
                        WHEN 'ENTRANCE' THEN 1
                        WHEN 'COMPETITOR' THEN 2
                        WHEN 'DECK' THEN 3
                        WHEN 'FINISH' THEN 4
                        WHEN 'ALTERNATE' THEN 5
                        ELSE 6
                    END,
                    dc.slot_number ASC
                """, arguments: [deck.id])
            // A name the import would find on several cards goes with its card's id.
            let names = try CardNameIndex(db)
            let entries = try rows.map { row -> DeckList.Entry in
                let slotType: SlotType = try row.checked("slot_type")
                let slotNumber: Int = try row.checked("slot_number")
                let uuid: String = try row.checked("card_uuid")
                let name = try row.checked("name", as: String?.self)
                let keepsID = name.map { names.count(named: $0) > 1 } ?? true
                return DeckList.Entry(
                    slotType: slotType,
                    slotNumber: slotType == .deck || !slotType.isKnown ? slotNumber : nil,
                    cardName: name ?? "", cardUUID: keepsID ? uuid : nil)
            }
            return DeckList(
                name: deck.name, format: DeckFormat(deckFolderID: deck.folderID),
                spectacleType: deck.spectacleType, entries: entries)
        }
    }
}
