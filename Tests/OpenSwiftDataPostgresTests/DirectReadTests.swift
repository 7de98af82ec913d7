import Foundation
import OpenSwiftData
import Testing
@testable import OpenSwiftDataPostgres

@Model final class DirectReadSample {
    var count: Int = 0
    var optionalCount: Int? = nil
    var wide: Int64 = 0
    var price: Double = 0
    var seen: Date? = nil
    var name: String = ""
    var isActive: Bool = false
    var token: UUID = UUID()
    var payload: Data? = nil
    init() {}
}

/// A row's cells read straight into snapshot values give what the way through each
/// attribute's Swift value gives (`PostgresDirectRead`).
@Suite struct DirectReadTests {
    static let cells: [PostgresColumnType: [PostgresValue]] = [
        .bigint: [.bigint(.min), .bigint(-1), .bigint(0), .bigint(.max)],
        .doublePrecision: [.double(-0.0), .double(0.1), .double(7.25e300), .double(-.infinity)],
        .text: [.text(""), .text("Zürich 🃏")],
        .boolean: [.boolean(true), .boolean(false)],
        .uuid: [.uuid(UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F") ?? UUID())],
        .bytea: [.bytea(Data()), .bytea(Data([0, 1, 255]))],
    ]

    @Test func everyDirectlyReadTypeGivesWhatItsSwiftValueGives() throws {
        let entity = try #require(Schema([DirectReadSample.self]).entitiesByName["DirectReadSample"])
        #expect(entity.attributes.count == 9)
        for attribute in entity.attributes {
            let codec = try #require(PostgresAttributeCodec(attribute: attribute))
            let direct = try #require(PostgresDirectRead(valueType: attribute.valueType), "\(attribute.name) is read directly")
            for cell in Self.cells[codec.columnType] ?? [] {
                let throughSwift = try attribute.snapshotValue(of: try codec.decode(cell), entity: entity.name)
                #expect(direct.snapshotValue(of: cell) == throughSwift, "\(attribute.name): \(cell)")
            }
        }
    }

    @Test func aNullIsReadDirectlyOnlyForAnOptionalAttribute() throws {
        #expect(PostgresDirectRead(valueType: Int?.self)?.snapshotValue(of: .null) == .null)
        #expect(PostgresDirectRead(valueType: Int.self)?.snapshotValue(of: .null) == nil)
    }

    @Test func aCellOfAnotherTypeIsLeftToTheCodec() throws {
        #expect(PostgresDirectRead(valueType: Int.self)?.snapshotValue(of: .text("7")) == nil)
    }

    @Test func typesTheCodecMustCheckAreNotReadDirectly() {
        #expect(PostgresDirectRead(valueType: Int8.self) == nil)
        #expect(PostgresDirectRead(valueType: Decimal.self) == nil)
        #expect(PostgresDirectRead(valueType: URL.self) == nil)
        #expect(PostgresDirectRead(valueType: [String].self) == nil)
    }
}
