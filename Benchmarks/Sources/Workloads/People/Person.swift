import Foundation

/// The model of the published SwiftData benchmark (Emerge Tools, 2024): a unique UUID
/// id, two strings and an integer. W1, W3, W4 and W7 use it. It is also the raw
/// implementations' model and, through a hand-written conformance, the GRDB record.
public struct Person: Equatable, Sendable {
    public var id: UUID
    public var firstName: String
    public var lastName: String
    public var age: Int

    public init(id: UUID, firstName: String, lastName: String, age: Int) {
        self.id = id
        self.firstName = firstName
        self.lastName = lastName
        self.age = age
    }

    /// The row's contribution to a `Digest`.
    public var rowHash: RowHasher {
        var h = RowHasher()
        h.combine(id)
        h.combine(firstName)
        h.combine(lastName)
        h.combine(age)
        return h
    }
}

extension Sequence where Element == Person {
    public var digest: Digest {
        var d = Digest()
        for person in self { d.add(person.rowHash) }
        return d
    }
}
