import Foundation
import OpenSwiftData

/// W15's parent as an OpenSwiftData model. Nullify rather than cascade: deleting it must
/// rewrite every child's foreign key instead of deleting the children.
@Model
public final class HolderModel {
    @Attribute(.unique) public var id: UUID
    public var name: String
    @Relationship(deleteRule: .nullify, inverse: \MemberModel.parent) public var children: [MemberModel] = []

    public init(id: UUID, name: String) {
        self.id = id
        self.name = name
    }
}

@Model
public final class MemberModel {
    public var id: UUID
    public var name: String
    public var value: Int
    public var parent: HolderModel?

    public init(id: UUID, name: String, value: Int, parent: HolderModel?) {
        self.id = id
        self.name = name
        self.value = value
        self.parent = parent
    }
}
