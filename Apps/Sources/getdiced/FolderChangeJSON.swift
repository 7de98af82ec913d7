/// What `folder add`, `remove` and `move` did, for --json.
struct FolderChangeJSON: Encodable {
    var action: String
    var folderID: String
    var toFolderID: String?
    var cardUUIDs: [String]
    /// Copies added, removed or moved; nil for all of them.
    var quantity: Int?
    /// Copies left in the folder after a removal.
    var left: Int?

    enum CodingKeys: String, CodingKey {
        case action, quantity, left
        case folderID = "folder_id"
        case toFolderID = "to_folder_id"
        case cardUUIDs = "card_uuids"
    }
}
