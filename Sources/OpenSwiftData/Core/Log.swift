import Logging

/// OpenSwiftData's log, through swift-log: label `OpenSwiftData`, to the handler the
/// program's `LoggingSystem` makes.
enum Log {
    static let logger: Logger = {
        let system = Logger(label: "OpenSwiftData").handler
        return Logger(label: "OpenSwiftData") { _ in LogRecorder.Handler(forwardingTo: system) }
    }()
}
