import Foundation
import OpenSwiftData

enum Priority: Int, Codable { case low = 1, high = 9 }
enum Mood: String, Codable { case calm, excited = "very excited" }
struct Address: Codable, Equatable { var street: String; var zip: String? }

/// One attribute of each kind the store supports, for the column types.
@Model
final class Specimen {
    var int: Int = 0
    var int8: Int8 = 0
    var uint64: UInt64 = 0
    var double: Double = 0
    var float: Float = 0
    var bool: Bool = false
    var string: String = ""
    var url: URL?
    var date: Date = Date(timeIntervalSinceReferenceDate: 0)
    var decimal: Decimal = 0
    var uuid: UUID = UUID()
    var data: Data = Data()
    var priority: Priority = .low
    var mood: Mood = .calm
    var address: Address = Address(street: "")
    var tags: [String] = []
    var optionalInt: Int?
    var optionalMood: Mood?

    init() {}
}
