import Foundation
import GRDB
@testable import OpenSwiftData
import Testing

/// The SQLite store creates what the shared layout says (the PostgreSQL store's tests
/// check the same of their tables), so the two stores lay out a schema alike.
@Suite struct TableLayoutTests {
    /// Every relationship shape, a unique key and a declared index.
    private let types: [any PersistentModel.Type] = [Author.self, Book.self, Tag.self, Person.self, Passport.self, Playlist.self, Trip.self]

    private func openedStore() throws -> (TestStore, Schema) {
        let store = TestStore()
        let container = try ModelContainer(for: Schema(types), configurations: [ModelConfiguration(url: store.url)])
        return (store, container.schema)
    }

    @Test func eachTableHasTheLayoutsColumnsInItsOrder() throws {
        let (store, schema) = try openedStore()
        let inspector = try SQLiteInspector(url: store.url)
        for entity in schema.entities {
            let layout = TableLayout(entity: entity)
            #expect(try inspector.columns(of: layout.name) == ["Z_PK"] + layout.columnNames + layout.orderColumns, "\(entity.name)")
        }
    }

    @Test func eachTableHasTheLayoutsIndexes() throws {
        let (store, schema) = try openedStore()
        let inspector = try SQLiteInspector(url: store.url)
        for entity in schema.entities {
            let layout = TableLayout(entity: entity)
            let stored = try inspector.indexes(of: layout.name)
            for index in layout.indexes {
                let match = stored.first { $0.name == index.name(onTable: layout.name) }
                #expect(match?.isUnique == index.isUnique, "\(entity.name): \(index.name(onTable: layout.name))")
            }
        }
    }

    @Test func eachJoinTableOfTheLayoutExistsOnce() throws {
        let (store, schema) = try openedStore()
        let inspector = try SQLiteInspector(url: store.url)
        let joinTables = Set(schema.entities.flatMap { TableLayout(entity: $0).joinTables.map(\.name) })
        #expect(joinTables == ["Z_Book_tags", "Z_Playlist_books"])
        for name in joinTables {
            #expect(try inspector.columns(of: name) == ["Z_SOURCE", "Z_TARGET", "Z_SOURCE_ORDER", "Z_TARGET_ORDER"])
        }
    }
}
