import Foundation
import OpenSwiftData

/// W5's `Parent` as an OpenSwiftData model, cascading to its children.
@Model
public final class ParentModel {
    @Attribute(.unique) public var id: UUID
    public var name: String
    @Relationship(deleteRule: .cascade, inverse: \ChildModel.parent) public var children: [ChildModel] = []

    public init(id: UUID, name: String) {
        self.id = id
        self.name = name
    }
}

@Model
public final class ChildModel {
    public var id: UUID
    public var name: String
    public var value: Int
    public var parent: ParentModel?

    public init(id: UUID, name: String, value: Int, parent: ParentModel?) {
        self.id = id
        self.name = name
        self.value = value
        self.parent = parent
    }
}
