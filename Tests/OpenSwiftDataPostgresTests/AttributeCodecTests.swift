#if PostgreSQL
import Foundation
import Testing
@testable import OpenSwiftDataPostgres

/// Values the codec refuses or cannot read back, checked without a server.
struct AttributeCodecTests {
    @Test func refusesADecimalThatIsNotANumber() throws {
        let codec = try #require(PostgresAttributeCodec(for: Decimal.self))
        #expect(throws: PostgresStoreError.decimalNotANumber) { try codec.encode(Decimal.nan) }
    }

    @Test func refusesTextHoldingNUL() throws {
        let codec = try #require(PostgresAttributeCodec(for: String.self))
        #expect(throws: PostgresStoreError.textContainsNUL) { try codec.encode("a\u{0}b") }
    }

    @Test func refusesAValueOfAnotherType() throws {
        let codec = try #require(PostgresAttributeCodec(for: Int.self))
        #expect(throws: PostgresStoreError.valueOfWrongType(expected: "Int", found: "String")) { try codec.encode("7") }
    }

    @Test func refusesAnEnumCaseThisVersionDoesNotKnow() throws {
        let codec = try #require(PostgresAttributeCodec(for: Mood.self))
        #expect(throws: PostgresStoreError.unreadableValue("\"sleepy\"", typeName: "Mood")) { try codec.decode(.text("sleepy")) }
    }

    @Test func refusesNullForANonOptionalAttribute() throws {
        let codec = try #require(PostgresAttributeCodec(for: Int.self))
        #expect(throws: PostgresStoreError.self) { try codec.decode(.null) }
    }

    @Test func readsNullAsNilForAnOptionalAttribute() throws {
        let codec = try #require(PostgresAttributeCodec(for: Int?.self))
        let value = try codec.decode(.null) as? Int?
        #expect(value == .some(nil))
    }

    @Test func hasNoCodecForATypeThatCannotBeStored() {
        #expect(PostgresAttributeCodec(for: NSObject.self) == nil)
    }
}
#endif
