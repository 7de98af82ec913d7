import Foundation
import OpenSwiftData

/// A to-many relationship that only the class changes (`public private(set)`), the
/// inverse of a relationship declared on the other side.
@Model
public final class Bookcase {
    public var room: String
    public private(set) var volumes: [Volume]? = []

    public init(room: String) {
        self.room = room
    }

    public func shelve(_ volume: Volume) {
        volumes?.append(volume)
    }
}

@Model
public final class Volume {
    public var title: String
    @Relationship(inverse: \Bookcase.volumes) public var bookcase: Bookcase?

    public init(title: String) {
        self.title = title
    }
}
