/// A match format, which fixes how many competitors a deck has.
///
/// Each format has a default deck folder; a deck's format comes from its folder.
public enum DeckFormat: String, CaseIterable, Codable, Sendable {
    case singles
    case tornado
    case trios
    case tag

    /// The display name, also the default folder's name.
    public var name: String {
        switch self {
        case .singles: "Singles"
        case .tornado: "Tornado"
        case .trios: "Trios"
        case .tag: "Tag"
        }
    }

    /// The number of `COMPETITOR` slots a deck of this format fills.
    public var competitorCount: Int {
        switch self {
        case .singles: 1
        case .tornado: 2
        case .trios: 3
        case .tag: 4
        }
    }

    /// The id of the default deck folder for this format.
    public var deckFolderID: String { rawValue }

    /// The format of a default deck folder, `nil` for custom folders.
    public init?(deckFolderID: String) {
        self.init(rawValue: deckFolderID)
    }

    /// The format named `text`, ignoring case (`Singles`, `tag`, ...).
    public init?(named text: String) {
        self.init(rawValue: text.lowercased())
    }
}
