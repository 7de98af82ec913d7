import Foundation
import OpenSwiftData

/// A deck of cards: its cards are kept by each card's `deck` and go with it.
@Model
final class SyncDeck {
    var title: String
    @Relationship(deleteRule: .cascade, inverse: \SyncCard.deck) var cards: [SyncCard] = []

    init(title: String) { self.title = title }
}

/// A card, in at most one deck, with at most one tag.
@Model
final class SyncCard {
    var front: String
    var score: Int
    var deck: SyncDeck?
    var tag: SyncTag?

    init(front: String, score: Int = 0, deck: SyncDeck? = nil, tag: SyncTag? = nil) {
        self.front = front
        self.score = score
        self.deck = deck
        self.tag = tag
    }
}

/// A tag whose name is unique: two devices that make the same name make one tag.
@Model
final class SyncTag {
    #Unique<SyncTag>([\.name])
    var name: String
    var color: Int
    @Relationship(deleteRule: .nullify, inverse: \SyncCard.tag) var cards: [SyncCard] = []

    init(name: String, color: Int = 0) {
        self.name = name
        self.color = color
    }
}
