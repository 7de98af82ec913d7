import Foundation

extension ModelConfiguration {
    /// The CloudKit database a configuration syncs with, on Apple's platforms.
    ///
    /// CloudKit exists only there, so OpenSwiftData accepts the option, records it, and
    /// keeps every store local: a container-setup file that names a CloudKit container
    /// compiles and runs unchanged, and a container given a `.private` database logs
    /// once that it does not sync.
    public struct CloudKitDatabase: Hashable, Sendable {
        let containerIdentifier: String?
        let isNone: Bool

        /// Sync with the app's CloudKit container if it has one (here: no sync).
        public static var automatic: CloudKitDatabase { CloudKitDatabase(containerIdentifier: nil, isNone: false) }

        /// No sync: the store is local.
        public static var none: CloudKitDatabase { CloudKitDatabase(containerIdentifier: nil, isNone: true) }

        /// Sync with the private database of the container named `containerIdentifier`
        /// (here: recorded, no sync).
        public static func `private`(_ containerIdentifier: String) -> CloudKitDatabase {
            CloudKitDatabase(containerIdentifier: containerIdentifier, isNone: false)
        }
    }
}
