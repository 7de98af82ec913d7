import Logging
import Synchronization

/// The messages OpenSwiftData logs in one task, kept as well as logged, so a test can say
/// what a call logged: `LogRecorder.$current.withValue(recorder) { ... }`.
package final class LogRecorder: Sendable {
    @TaskLocal package static var current: LogRecorder?

    private let recorded = Mutex<[String]>([])

    package init() {}

    /// The messages logged, oldest first.
    package var messages: [String] { recorded.withLock { $0 } }

    /// Hands each message to the program's handler, and to the task's recorder if it has one.
    struct Handler: LogHandler {
        private var system: any LogHandler

        init(forwardingTo system: any LogHandler) { self.system = system }

        var metadata: Logger.Metadata {
            get { system.metadata }
            set { system.metadata = newValue }
        }

        var logLevel: Logger.Level {
            get { system.logLevel }
            set { system.logLevel = newValue }
        }

        var metadataProvider: Logger.MetadataProvider? {
            get { system.metadataProvider }
            set { system.metadataProvider = newValue }
        }

        subscript(metadataKey key: String) -> Logger.Metadata.Value? {
            get { system[metadataKey: key] }
            set { system[metadataKey: key] = newValue }
        }

        func log(event: LogEvent) {
            LogRecorder.current?.recorded.withLock { $0.append(event.message.description) }
            system.log(event: event)
        }
    }
}
