import Foundation
import OpenSwiftData

/// A memo whose title, rank, weight and checksum stay in history after it is deleted.
@Model final class Memo {
    @Attribute(.preserveValueOnDeletion) var title: String
    @Attribute(.preserveValueOnDeletion) var rank: Int
    @Attribute(.preserveValueOnDeletion) var weight: Double
    @Attribute(.preserveValueOnDeletion) var checksum: Data?
    var body: String
    var binder: Binder?

    init(title: String, rank: Int = 0, weight: Double = 1, checksum: Data? = nil, body: String = "", binder: Binder? = nil) {
        self.title = title
        self.rank = rank
        self.weight = weight
        self.checksum = checksum
        self.body = body
        self.binder = binder
    }
}

/// A binder whose memos go with it: the store deletes them by key, unloaded.
@Model final class Binder {
    var name: String
    @Relationship(deleteRule: .cascade, inverse: \Memo.binder) var memos: [Memo] = []

    init(name: String) { self.name = name }
}
