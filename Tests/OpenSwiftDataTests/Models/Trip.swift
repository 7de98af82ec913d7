import Foundation
import OpenSwiftData

enum TripStatus: String, Codable, CaseIterable {
    case planned, underway, finished
}

@Model
final class Trip {
    #Unique<Trip>([\.name, \.startDate])
    #Index<Trip>([\.name])

    var name: String
    var startDate: Date = Date(timeIntervalSinceReferenceDate: 0)
    var notes: String?
    var status: TripStatus = .planned
    var tags: [String] = []
    @Relationship(deleteRule: .cascade, inverse: \Stop.trip) var stops: [Stop] = []
    @Transient var isSelected = false
    var displayName: String { name.uppercased() }

    init(name: String, startDate: Date = Date(timeIntervalSinceReferenceDate: 0)) {
        self.name = name
        self.startDate = startDate
    }
}

@Model
final class Stop {
    var name: String
    var trip: Trip?

    init(name: String, trip: Trip? = nil) {
        self.name = name
        self.trip = trip
    }
}
