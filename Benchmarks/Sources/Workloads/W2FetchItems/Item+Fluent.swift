import FluentSQLiteDriver

/// W2's `Item` as a Fluent model. Fluent needs an id, so the table has an integer
/// key the database assigns, as OpenSwiftData's has (`Z_PK`); raw and GRDB read
/// GRDB's key-less `item` table.
final class FluentItem: Model, @unchecked Sendable {
    static let schema = "item"

    @ID(custom: "id", generatedBy: .database) var id: Int?
    @Field(key: "i0") var i0: Int
    @Field(key: "i1") var i1: Int
    @Field(key: "i2") var i2: Int
    @Field(key: "i3") var i3: Int
    @Field(key: "i4") var i4: Int
    @Field(key: "i5") var i5: Int
    @Field(key: "i6") var i6: Int
    @Field(key: "i7") var i7: Int
    @Field(key: "i8") var i8: Int
    @Field(key: "i9") var i9: Int

    init() {}

    init(_ n: Int) {
        i0 = n; i1 = n; i2 = n; i3 = n; i4 = n
        i5 = n; i6 = n; i7 = n; i8 = n; i9 = n
    }

    var item: Item { Item(i0: i0, i1: i1, i2: i2, i3: i3, i4: i4, i5: i5, i6: i6, i7: i7, i8: i8, i9: i9) }
}

struct CreateFluentItem: AsyncMigration {
    func prepare(on database: any Database) async throws {
        var schema = database.schema(FluentItem.schema).field("id", .int, .identifier(auto: true))
        for column in 0..<10 { schema = schema.field(FieldKey(stringLiteral: "i\(column)"), .int, .required) }
        try await schema.create()
    }

    func revert(on database: any Database) async throws {
        try await database.schema(FluentItem.schema).delete()
    }
}
