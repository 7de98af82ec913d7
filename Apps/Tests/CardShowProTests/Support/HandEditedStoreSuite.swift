import Foundation
import GRDB

/// A suite whose tests run `cardshow` on a store in a folder of their own and edit the
/// store's file as another program would, with SQL.
protocol HandEditedStoreSuite {
    /// The folder of the store and of the tool's data, removed with the suite's value.
    var directory: TemporaryDirectory { get }
}

extension HandEditedStoreSuite {
    var tool: CardShowProcess { CardShowProcess(dataHome: directory.url) }
    var store: String { directory.file("cards.store").path }

    /// Runs `sql` on the store's file, as another program would.
    func setInStore(_ sql: String) throws {
        let queue = try DatabaseQueue(path: store)
        try queue.write { db in try db.execute(sql: sql) }
        try queue.close()
    }
}
