import Foundation

/// The sold cards with a sale standing before a sync's download, kept in a file beside the
/// store (`STORE-restock-check`) from before the download until the checks after it are
/// done. The download may take away a card's last sales (two devices each voided one of its
/// two): the check after it puts such a card back in stock, and needs to know it had a sale
/// before. A sync killed between its download and that check left the card sold with no
/// sale, and the next sync, taking its list after that download, never knew it had one.
public struct PendingRestockCheck {
    public let file: URL

    /// The record kept beside the store at `store`.
    public init(besides store: URL) {
        file = store.deletingLastPathComponent().appendingPathComponent(store.lastPathComponent + "-restock-check")
    }

    /// The cards a sync that did not finish its checks left to check; none when no sync did,
    /// or when the file cannot be read (it holds nothing a store needs).
    public func cards() -> Set<UUID> {
        guard let data = try? Data(contentsOf: file),
              let texts = try? JSONDecoder().decode([String].self, from: data) else { return [] }
        return Set(texts.compactMap(UUID.init(uuidString:)))
    }

    /// Whether a sync left its checks undone: the file it keeps until they are done is there.
    public var isLeft: Bool {
        guard let data = try? Data(contentsOf: file) else { return false }
        return (try? JSONDecoder().decode([String].self, from: data)) != nil
    }

    /// Keeps `cards` until ``clear()``; false when the file could not be written (a store
    /// name too long to add its suffix to, a folder that cannot be written). That costs only
    /// the check after a killed sync, so the sync goes on without it, saying so.
    @discardableResult
    public func keep(_ cards: Set<UUID>) -> Bool {
        guard let data = try? JSONEncoder().encode(cards.map(\.uuidString).sorted()) else { return false }
        return (try? data.write(to: file, options: .atomic)) != nil
    }

    /// The checks are done. Only a file is removed: a folder of the user's that bears the
    /// name (`inventory.store-restock-check`) was removed with everything in it by every sync.
    public func clear() {
        _ = unlink(file.path)
    }
}
