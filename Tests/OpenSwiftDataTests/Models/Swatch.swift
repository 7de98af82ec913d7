import Foundation
import OpenSwiftData

/// A colour that is not `Codable`: only a value transformer can store it.
final class RGBColor: @unchecked Sendable {
    let red: UInt8
    let green: UInt8
    let blue: UInt8

    init(red: UInt8, green: UInt8, blue: UInt8) {
        self.red = red
        self.green = green
        self.blue = blue
    }
}

/// Stores an `RGBColor` as three bytes, red, green, blue.
final class ColorTransformer: ValueTransformer, @unchecked Sendable {
    override class func transformedValueClass() -> AnyClass { NSData.self }

    override class func allowsReverseTransformation() -> Bool { true }

    override func transformedValue(_ value: Any?) -> Any? {
        guard let color = value as? RGBColor else { return nil }
        return Data([color.red, color.green, color.blue])
    }

    override func reverseTransformedValue(_ value: Any?) -> Any? {
        guard let data = value as? Data, data.count == 3 else { return nil }
        return RGBColor(red: data[data.startIndex], green: data[data.startIndex + 1], blue: data[data.startIndex + 2])
    }
}

@Model
final class Swatch {
    var name: String
    @Attribute(.transformable(by: ColorTransformer.self)) var color: RGBColor
    @Attribute(.transformable(by: ColorTransformer.self)) var accent: RGBColor?

    init(name: String, color: RGBColor, accent: RGBColor? = nil) {
        self.name = name
        self.color = color
        self.accent = accent
    }
}
