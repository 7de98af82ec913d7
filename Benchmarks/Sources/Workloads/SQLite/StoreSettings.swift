import GRDB

/// The connection settings every engine uses, so that journal mode and durability
/// cannot explain a difference between them: WAL, synchronous NORMAL, and foreign
/// keys enforced (GRDB's default, which the cascade workload relies on).
public enum StoreSettings {
    public static let pragmas = [
        "PRAGMA journal_mode = WAL",
        "PRAGMA synchronous = NORMAL",
        "PRAGMA foreign_keys = ON",
    ]

    /// A GRDB configuration with the same settings as the raw connections.
    public static var grdbConfiguration: Configuration {
        var config = Configuration()
        config.journalMode = .wal
        config.foreignKeysEnabled = true
        config.prepareDatabase { db in
            try db.execute(sql: "PRAGMA synchronous = NORMAL")
        }
        return config
    }

    /// Opens a GRDB connection on `url` with the shared settings. A DatabaseQueue,
    /// like the raw side, uses one connection.
    public static func openGRDB(_ url: URL) throws -> DatabaseQueue {
        try DatabaseQueue(path: url.path, configuration: grdbConfiguration)
    }
}

import Foundation
