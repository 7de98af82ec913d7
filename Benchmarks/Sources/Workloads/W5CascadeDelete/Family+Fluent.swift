import FluentSQLiteDriver
import Foundation

/// W5's `Parent` as a Fluent model. Fluent has no delete rules of its own: its
/// documentation's cascade is the foreign key's `ON DELETE CASCADE`, as for raw and
/// GRDB. (`@Parent` would name this module's `Parent` value type, so the child spells
/// out the property wrapper that Fluent's `@Parent` stands for.)
final class FluentParent: Model, @unchecked Sendable {
    static let schema = "Parent"

    @ID(key: .id) var id: UUID?
    @Field(key: "name") var name: String
    @Children(for: \.$parent) var children: [FluentChild]

    init() {}

    init(_ parent: Workloads.Parent) {
        id = parent.id
        name = parent.name
    }
}

final class FluentChild: Model, @unchecked Sendable {
    static let schema = "Child"

    @ID(key: .id) var id: UUID?
    @Field(key: "name") var name: String
    @Field(key: "value") var value: Int
    @ParentProperty<FluentChild, FluentParent>(key: "parentId") var parent: FluentParent

    init() {}

    init(_ child: Child, parentID: UUID) {
        id = child.id
        name = child.name
        value = child.value
        $parent.id = parentID
    }
}

/// The two tables, the cascading foreign key, and the index on it (through SQLKit).
struct CreateFluentFamily: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema(FluentParent.schema)
            .id()
            .field("name", .string, .required)
            .create()
        try await database.schema(FluentChild.schema)
            .id()
            .field("name", .string, .required)
            .field("value", .int, .required)
            .field("parentId", .uuid, .required, .references(FluentParent.schema, "id", onDelete: .cascade))
            .create()
        guard let sql = database as? any SQLDatabase else { throw WorkloadError("Fluent: the SQLite driver is not an SQLDatabase") }
        try await sql.create(index: "Child_parentId").on(FluentChild.schema).column("parentId").run()
    }

    func revert(on database: any Database) async throws {
        try await database.schema(FluentChild.schema).delete()
        try await database.schema(FluentParent.schema).delete()
    }
}
