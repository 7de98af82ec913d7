import Foundation
import OpenSwiftData
import Testing

/// Every attribute type, written to a file store, read back by a new container on the same file.
@Suite struct AttributeRoundTripTests {
    /// Saves a model changed by `set`, reopens the store, and returns the model read back.
    private func roundTrip(_ set: (AllTypes) -> Void) throws -> AllTypes {
        let store = TestStore()
        do {
            let context = ModelContext(try store.container(AllTypes.self))
            let model = AllTypes()
            set(model)
            context.insert(model)
            try context.save()
        }
        let context = ModelContext(try store.container(AllTypes.self))
        let fetched = try context.fetch(FetchDescriptor<AllTypes>())
        try #require(fetched.count == 1)
        return fetched[0]
    }

    @Test func stringRoundTrips() throws {
        #expect(try roundTrip { $0.string = "Grüße, \"quoted\"\nline 🎴" }.string == "Grüße, \"quoted\"\nline 🎴")
    }

    @Test func emptyStringStaysEmptyNotNil() throws {
        let model = try roundTrip { $0.string = ""; $0.optionalString = "" }
        #expect(model.string == "")
        #expect(model.optionalString == "")
    }

    @Test func everyIntegerWidthRoundTripsAtItsLimits() throws {
        let model = try roundTrip {
            $0.int = .min; $0.int8 = .min; $0.int16 = .max; $0.int32 = .min; $0.int64 = .max
            $0.uint = 42; $0.uint8 = .max; $0.uint16 = .max; $0.uint32 = .max; $0.uint64 = UInt64(Int64.max)
        }
        #expect(model.int == .min)
        #expect(model.int8 == .min)
        #expect(model.int16 == .max)
        #expect(model.int32 == .min)
        #expect(model.int64 == .max)
        #expect(model.uint == 42)
        #expect(model.uint8 == .max)
        #expect(model.uint16 == .max)
        #expect(model.uint32 == .max)
        #expect(model.uint64 == UInt64(Int64.max))
    }

    @Test func doubleAndFloatRoundTripExactly() throws {
        let model = try roundTrip { $0.double = 0.1 + 0.2; $0.float = 3.14159 }
        #expect(model.double == 0.1 + 0.2)
        #expect(model.float == 3.14159)
    }

    @Test func boolRoundTrips() throws {
        #expect(try roundTrip { $0.bool = true }.bool == true)
    }

    @Test func dateRoundTripsToTheSubsecond() throws {
        let date = Date(timeIntervalSinceReferenceDate: 789_012_345.678_9)
        #expect(try roundTrip { $0.date = date }.date == date)
    }

    @Test func uuidRoundTrips() throws {
        let uuid = UUID()
        #expect(try roundTrip { $0.uuid = uuid }.uuid == uuid)
    }

    @Test func decimalRoundTripsExactly() throws {
        let model = try roundTrip {
            $0.decimal = Decimal(string: "9.99")!
            $0.optionalDecimal = Decimal(string: "12345678901234567890.123456789")!
        }
        #expect(model.decimal == Decimal(string: "9.99")!)
        #expect(model.decimal.description == "9.99")
        #expect(model.optionalDecimal == Decimal(string: "12345678901234567890.123456789")!)
    }

    @Test func dataRoundTripsIncludingEmpty() throws {
        let bytes = Data([0, 1, 2, 255, 0])
        let model = try roundTrip { $0.data = bytes; $0.optionalData = Data() }
        #expect(model.data == bytes)
        #expect(model.optionalData == Data())
    }

    @Test func urlRoundTrips() throws {
        let url = URL(string: "https://example.com/a%20b?q=1#frag")!
        #expect(try roundTrip { $0.url = url }.url == url)
    }

    @Test func arraysOfPrimitivesRoundTripInOrder() throws {
        let model = try roundTrip { $0.tags = ["b", "a", "b"]; $0.numbers = [3, 1, 2]; $0.optionalTags = [] }
        #expect(model.tags == ["b", "a", "b"])
        #expect(model.numbers == [3, 1, 2])
        #expect(model.optionalTags == [])
    }

    @Test func enumsWithRawValuesRoundTrip() throws {
        let model = try roundTrip { $0.priority = .high; $0.mood = .excited; $0.optionalMood = .calm }
        #expect(model.priority == .high)
        #expect(model.mood == .excited)
        #expect(model.optionalMood == .calm)
    }

    @Test func enumsWithAssociatedValuesRoundTrip() throws {
        #expect(try roundTrip { $0.shape = .square(side: 2.5) }.shape == .square(side: 2.5))
    }

    @Test func nestedCodableStructsRoundTrip() throws {
        let address = Address(street: "1 Main St", city: City(name: "Springfield", zip: "12345"))
        let model = try roundTrip { $0.address = address; $0.optionalAddress = address }
        #expect(model.address == address)
        #expect(model.optionalAddress == address)
    }

    @Test func optionalsRoundTripAsNil() throws {
        let model = try roundTrip { _ in }
        #expect(model.optionalString == nil)
        #expect(model.optionalInt == nil)
        #expect(model.optionalDouble == nil)
        #expect(model.optionalBool == nil)
        #expect(model.optionalDate == nil)
        #expect(model.optionalUUID == nil)
        #expect(model.optionalDecimal == nil)
        #expect(model.optionalData == nil)
        #expect(model.optionalURL == nil)
        #expect(model.optionalTags == nil)
        #expect(model.optionalPriority == nil)
        #expect(model.optionalMood == nil)
        #expect(model.optionalAddress == nil)
    }

    @Test func optionalsRoundTripWithValues() throws {
        let uuid = UUID()
        let model = try roundTrip {
            $0.optionalString = "x"; $0.optionalInt = -5; $0.optionalDouble = 2.5; $0.optionalBool = false
            $0.optionalDate = Date(timeIntervalSinceReferenceDate: 10); $0.optionalUUID = uuid
            $0.optionalURL = URL(string: "file:///tmp/x")!; $0.optionalPriority = .high
        }
        #expect(model.optionalString == "x")
        #expect(model.optionalInt == -5)
        #expect(model.optionalDouble == 2.5)
        #expect(model.optionalBool == false)
        #expect(model.optionalDate == Date(timeIntervalSinceReferenceDate: 10))
        #expect(model.optionalUUID == uuid)
        #expect(model.optionalURL == URL(string: "file:///tmp/x")!)
        #expect(model.optionalPriority == .high)
    }
}
