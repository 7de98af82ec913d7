import Foundation

/// What the checks after a sync need from before its download, kept in a file beside the
/// store (`STORE-restock-check`) from before the download until they are done: the sold
/// cards with a sale standing, and the cards received in a trade that moved on since
/// (``ReceivedCardMovedOn``). The download may take away a card's last sales (two devices
/// each voided one of its two): the check after it puts such a card back in stock, and needs
/// to know it had a sale before. It may take away a trade another device voided, and with it
/// a card this one sold since: the note after it needs to know the card was received in the
/// trade. A sync killed between its download and those checks left the card sold with no
/// sale, or the sale standing without its card, unnoted: the next sync, taking its lists
/// after that download, never knew.
public struct PendingRestockCheck {
    public let file: URL

    /// The record kept beside the store at `store`.
    public init(besides store: URL) {
        file = store.deletingLastPathComponent().appendingPathComponent(store.lastPathComponent + "-restock-check")
    }

    /// The file's contents. An earlier version kept the cards alone, as a list.
    private struct Kept: Codable {
        var cards: [String]
        var movedOn: [ReceivedCardMovedOn]
    }

    /// What a sync that did not finish its checks kept; nil when no sync did, or when the
    /// file cannot be read (it holds nothing a store needs).
    private var kept: Kept? {
        guard let data = try? Data(contentsOf: file) else { return nil }
        if let cards = try? JSONDecoder().decode([String].self, from: data) { return Kept(cards: cards, movedOn: []) }
        return try? JSONDecoder().decode(Kept.self, from: data)
    }

    /// The cards a sync that did not finish its checks left to check.
    public func cards() -> Set<UUID> {
        Set((kept?.cards ?? []).compactMap(UUID.init(uuidString:)))
    }

    /// The cards received in trades that had moved on before that sync's download.
    public func movedOn() -> [ReceivedCardMovedOn] { kept?.movedOn ?? [] }

    /// Whether a sync left its checks undone: the file it keeps until they are done is there.
    public var isLeft: Bool { kept != nil }

    /// Whether a folder holds the file's name, so that it cannot be kept.
    public var isTakenByAFolder: Bool {
        var isFolder: ObjCBool = false
        return FileManager.default.fileExists(atPath: file.path, isDirectory: &isFolder) && isFolder.boolValue
    }

    /// Keeps `cards` and `movedOn` until ``clear()``; false when the file could not be
    /// written (a store name too long to add its suffix to, a folder that cannot be written).
    /// That costs only the checks after a killed sync, so the sync goes on without it, saying so.
    @discardableResult
    public func keep(_ cards: Set<UUID>, movedOn: [ReceivedCardMovedOn] = []) -> Bool {
        guard let data = try? JSONEncoder().encode(Kept(cards: cards.map(\.uuidString).sorted(), movedOn: movedOn)) else { return false }
        return (try? data.write(to: file, options: .atomic)) != nil
    }

    /// The checks are done. Only a file is removed: a folder of the user's that bears the
    /// name (`inventory.store-restock-check`) was removed with everything in it by every sync.
    public func clear() {
        _ = unlink(file.path)
    }
}
