import Foundation
import OpenSwiftData

enum Priority: Int, Codable { case low = 1, high = 9 }
enum Mood: String, Codable { case calm, excited = "very excited" }
enum Shape: Codable, Equatable { case circle(radius: Double), square(side: Double) }
struct Address: Codable, Equatable { var street: String; var city: City }
struct City: Codable, Equatable { var name: String; var zip: String? }

/// One attribute of every type the store supports, non-optional and optional.
@Model
final class AllTypes {
    var string: String = ""
    var int: Int = 0
    var int8: Int8 = 0
    var int16: Int16 = 0
    var int32: Int32 = 0
    var int64: Int64 = 0
    var uint: UInt = 0
    var uint8: UInt8 = 0
    var uint16: UInt16 = 0
    var uint32: UInt32 = 0
    var uint64: UInt64 = 0
    var double: Double = 0
    var float: Float = 0
    var bool: Bool = false
    var date: Date = Date(timeIntervalSinceReferenceDate: 0)
    var uuid: UUID = UUID()
    var decimal: Decimal = 0
    var data: Data = Data()
    var url: URL = URL(string: "https://example.com")!
    var tags: [String] = []
    var numbers: [Int] = []
    var priority: Priority = .low
    var mood: Mood = .calm
    var shape: Shape = .circle(radius: 1)
    var address: Address = Address(street: "", city: City(name: "", zip: nil))

    var optionalString: String?
    var optionalInt: Int?
    var optionalDouble: Double?
    var optionalBool: Bool?
    var optionalDate: Date?
    var optionalUUID: UUID?
    var optionalDecimal: Decimal?
    var optionalData: Data?
    var optionalURL: URL?
    var optionalTags: [String]?
    var optionalPriority: Priority?
    var optionalMood: Mood?
    var optionalAddress: Address?

    init() {}
}
