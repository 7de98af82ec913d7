import Foundation
import GRDB
import OpenSwiftData
import Testing

/// `@Attribute(.transformable(by:))`: SwiftData "stores the property's value in its
/// transformed form using the specified value transformer", here the `Data` the
/// transformer makes, read back through its reverse transformation.
@Suite struct TransformableAttributeTests {
    private static func bytes(_ color: RGBColor?) -> [UInt8]? {
        color.map { [$0.red, $0.green, $0.blue] }
    }

    @Test func aTransformedValueReadsBackFromTheStore() throws {
        let store = TestStore()
        let context = ModelContext(try store.container(Swatch.self))
        context.insert(Swatch(name: "sky", color: RGBColor(red: 10, green: 20, blue: 30)))
        try context.save()
        let fetched = try ModelContext(try store.container(Swatch.self)).fetch(FetchDescriptor<Swatch>())
        #expect(fetched.map { Self.bytes($0.color) } == [[10, 20, 30]])
    }

    @Test func theStoreHoldsTheDataTheTransformerMade() throws {
        let store = TestStore()
        let context = ModelContext(try store.container(Swatch.self))
        context.insert(Swatch(name: "sky", color: RGBColor(red: 1, green: 2, blue: 3)))
        try context.save()
        let stored = try SQLiteInspector(url: store.url).queue.read { db in
            try Data.fetchOne(db, sql: #"SELECT "color" FROM "Swatch""#)
        }
        #expect(stored == Data([1, 2, 3]))
    }

    @Test func anOptionalTransformedValueThatIsNilStaysNil() throws {
        let store = TestStore()
        let context = ModelContext(try store.container(Swatch.self))
        context.insert(Swatch(name: "plain", color: RGBColor(red: 0, green: 0, blue: 0)))
        context.insert(Swatch(name: "accented", color: RGBColor(red: 0, green: 0, blue: 0), accent: RGBColor(red: 9, green: 8, blue: 7)))
        try context.save()
        let fetched = try ModelContext(try store.container(Swatch.self)).fetch(FetchDescriptor<Swatch>(sortBy: [SortDescriptor(\.name)]))
        #expect(fetched.map { Self.bytes($0.accent) } == [[9, 8, 7], nil])
    }

    @Test func aChangedTransformedValueIsSaved() throws {
        let store = TestStore()
        let context = ModelContext(try store.container(Swatch.self))
        let swatch = Swatch(name: "sky", color: RGBColor(red: 1, green: 1, blue: 1))
        context.insert(swatch)
        try context.save()
        swatch.color = RGBColor(red: 4, green: 5, blue: 6)
        try context.save()
        let fetched = try ModelContext(try store.container(Swatch.self)).fetch(FetchDescriptor<Swatch>())
        #expect(fetched.map { Self.bytes($0.color) } == [[4, 5, 6]])
    }

    @Test func theAttributeIsMarkedTransformable() throws {
        let entity = try #require(Schema([Swatch.self]).entitiesByName["Swatch"])
        #expect(entity.attributesByName["color"]?.isTransformable == true)
        #expect(entity.attributesByName["name"]?.isTransformable == false)
    }

    @Test func aTransformerTypeIsRegisteredUnderItsName() {
        _ = Schema.Attribute.Option.transformable(by: ColorTransformer.self)
        let found = ValueTransformer(forName: NSValueTransformerName("ColorTransformer"))
        #expect(found?.transformedValue(RGBColor(red: 7, green: 8, blue: 9)) as? Data == Data([7, 8, 9]))
    }
}

/// Foundation's `ValueTransformer` API, which Linux Foundation lacks and OpenSwiftData
/// provides there.
@Suite struct ValueTransformerTests {
    private final class Doubler: ValueTransformer, @unchecked Sendable {
        override func transformedValue(_ value: Any?) -> Any? { (value as? Int).map { $0 * 2 } }
        override func reverseTransformedValue(_ value: Any?) -> Any? { (value as? Int).map { $0 / 2 } }
    }

    private final class OneWay: ValueTransformer, @unchecked Sendable {
        override class func allowsReverseTransformation() -> Bool { false }
        override func transformedValue(_ value: Any?) -> Any? { (value as? Int).map { $0 + 1 } }
    }

    @Test func aRegisteredTransformerIsFoundByName() {
        let name = NSValueTransformerName("ValueTransformerTests.doubler.\(UUID().uuidString)")
        ValueTransformer.setValueTransformer(Doubler(), forName: name)
        defer { ValueTransformer.setValueTransformer(nil, forName: name) }
        let found = ValueTransformer(forName: name)
        #expect(found?.transformedValue(21) as? Int == 42)
        #expect(found?.reverseTransformedValue(42) as? Int == 21)
        #expect(ValueTransformer.valueTransformerNames().contains(name))
    }

    @Test func anUnregisteredNameFindsNoTransformer() {
        #expect(ValueTransformer(forName: NSValueTransformerName("ValueTransformerTests.none.\(UUID().uuidString)")) == nil)
    }

    @Test func theBaseTransformerPassesValuesThrough() {
        #expect(ValueTransformer().transformedValue("same") as? String == "same")
        #expect(ValueTransformer().reverseTransformedValue("same") as? String == "same")
    }

    @Test func aOneWayTransformerDoesNotReverse() {
        #expect(OneWay().transformedValue(1) as? Int == 2)
        #expect(OneWay().reverseTransformedValue(2) == nil)
    }
}
