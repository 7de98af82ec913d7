import Foundation

/// W5's parent model: `@Relationship(deleteRule: .cascade) var children: [Child]`.
public struct Parent: Equatable, Sendable {
    public var id: UUID
    public var name: String

    public init(id: UUID, name: String) {
        self.id = id
        self.name = name
    }
}

/// W5's child model; its `parent` is the to-one inverse of `Parent.children`.
public struct Child: Equatable, Sendable {
    public var id: UUID
    public var name: String
    public var value: Int
    public var parentID: UUID?

    public init(id: UUID, name: String, value: Int, parentID: UUID?) {
        self.id = id
        self.name = name
        self.value = value
        self.parentID = parentID
    }
}
