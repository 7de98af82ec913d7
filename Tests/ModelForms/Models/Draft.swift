import Foundation
import OpenSwiftData

/// Persisted properties with `didSet` and `willSet`, as public SwiftData apps write them.
@Model
final class Draft {
    var title: String {
        didSet {
            revision += 1
            previousTitles.append(oldValue)
        }
    }
    var status: String = "new" {
        willSet { announcedStatus = newValue }
        didSet(previous) { statusChanges.append("\(previous) -> \(status)") }
    }
    var subtitle: String? {
        didSet { previousSubtitles.append(oldValue) }
    }
    var revision = 0
    /// What the observers saw, kept out of the store so that only the observers change it.
    @Transient var previousTitles: [String] = []
    @Transient var announcedStatus: String?
    @Transient var statusChanges: [String] = []
    @Transient var previousSubtitles: [String?] = []

    init(title: String) {
        self.title = title
    }
}
