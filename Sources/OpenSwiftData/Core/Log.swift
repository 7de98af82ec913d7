import Logging

/// OpenSwiftData's log, through swift-log: label `OpenSwiftData`.
enum Log {
    static let logger = Logger(label: "OpenSwiftData")
}
