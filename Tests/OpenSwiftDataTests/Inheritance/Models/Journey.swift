import Foundation
import OpenSwiftData

/// The root of a model class hierarchy, as SwiftData's WWDC25 sample writes `Trip`.
@Model
class Journey {
    var name: String
    var start: Date
    var traveller: Traveller?

    init(name: String, start: Date) {
        self.name = name
        self.start = start
    }
}
