import Foundation
import OpenSwiftData

/// A model whose indexes are declared with their kinds, as SwiftData's
/// `#Index<T>(_ indices: Schema.Index<T>.Types<T>...)` allows.
@Model
final class Place {
    #Index<Place>(.binary([\.name]), .rtree([\.latitude, \.longitude]))

    var name: String
    var latitude: Double
    var longitude: Double

    init(name: String, latitude: Double, longitude: Double) {
        self.name = name
        self.latitude = latitude
        self.longitude = longitude
    }
}
