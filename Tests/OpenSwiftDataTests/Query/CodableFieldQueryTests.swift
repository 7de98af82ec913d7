import Foundation
import GRDB
import OpenSwiftData
import QueryOracle
import Testing

/// Predicates and sorts on the fields of a `Codable` struct attribute (`Specimen.habitat`,
/// stored as one JSON column) run in SQL through `json_extract`, and select and order
/// exactly as Swift does on the decoded structs; what SQLite cannot read exactly stays in Swift.
@Suite struct CodableFieldQueryTests {
    let store: SpecimenStore
    init() throws { store = try SpecimenStore() }

    @Test func aStringFieldEqualityRunsInSQLAndIsCaseSensitive() throws {
        #expect(try store.names(#Predicate { $0.habitat.region == "Lisbon" }) == ["alpha"])
    }

    @Test func aStringFieldInequalitySelectsEveryOtherRow() throws {
        #expect(try store.names(#Predicate { $0.habitat.region != "Lisbon" }) == ["Beta", "gamma", "Délta", "epsilon"])
    }

    @Test func anIntegerFieldComparesNumerically() throws {
        #expect(try store.names(#Predicate { $0.habitat.altitude > 40 }) == ["alpha", "Délta"])
        #expect(try store.names(#Predicate { $0.habitat.altitude <= 7 }) == ["Beta", "epsilon"])
    }

    @Test func aStringFieldOrdersByCodePointsAsStringDoes() throws {
        // "É" and lowercase letters come after "P"; the empty string before everything.
        #expect(try store.names(#Predicate { $0.habitat.region < "P" }) == ["alpha", "epsilon"])
    }

    @Test func aMissingOptionalFieldIsNil() throws {
        #expect(try store.names(#Predicate { $0.habitat.note == nil }) == ["Beta", "epsilon"])
        #expect(try store.names(#Predicate { $0.habitat.note != nil }) == ["alpha", "gamma", "Délta"])
    }

    @Test func aNestedStructFieldIsReadThroughItsPath() throws {
        #expect(try store.names(#Predicate { $0.habitat.zone.code == 2 }) == ["alpha", "Délta"])
    }

    @Test func anOptionalBoolFieldComparesWithTrueAndNil() throws {
        #expect(try store.names(#Predicate { $0.habitat.zone.wet == true }) == ["alpha", "epsilon"])
        #expect(try store.names(#Predicate { $0.habitat.zone.wet == nil }) == ["Beta", "Délta"])
    }

    @Test func aBoolFieldIsATestOnItsOwnAndNegated() throws {
        #expect(try store.names(#Predicate { $0.habitat.indoor }) == ["alpha", "gamma"])
        #expect(try store.names(#Predicate { !$0.habitat.indoor }) == ["Beta", "Délta", "epsilon"])
    }

    @Test func aRawValueEnumFieldComparesByRawValue() throws {
        let blue = Shade.blue
        #expect(try store.names(#Predicate { $0.habitat.shade == blue }) == ["alpha", "Délta"])
    }

    @Test func aFieldOfAnOptionalAttributeIsNilWhenTheAttributeIs() throws {
        #expect(try store.names(#Predicate { $0.formerHabitat?.region == "Lisbon" }) == ["gamma"])
        #expect(try store.names(#Predicate { $0.formerHabitat?.region == nil }) == ["Beta", "Délta", "epsilon"])
    }

    @Test func aSortByAStringFieldRunsInSQL() throws {
        #expect(try store.sorted([SortDescriptor(\.habitat.region)]) == ["epsilon", "alpha", "Délta", "Beta", "gamma"])
    }

    @Test func aSortByAnOptionalFieldPutsNilFirst() throws {
        #expect(try store.sorted([SortDescriptor(\.habitat.note)]) == ["Beta", "epsilon", "gamma", "alpha", "Délta"])
    }

    @Test func aReverseSortByANestedIntegerField() throws {
        #expect(try store.sorted([SortDescriptor(\.habitat.altitude, order: .reverse)]) == ["alpha", "Délta", "gamma", "epsilon", "Beta"])
        #expect(try store.sorted([SortDescriptor(\.habitat.zone.code), SortDescriptor(\.name)]) == ["epsilon", "Beta", "Délta", "alpha", "gamma"])
    }

    @Test func aDoubleFieldRunsInSwiftWhileTheRestOfThePredicateNarrowsInSQL() throws {
        // SQLite may read 0.30000000000000004 from JSON as another Double: Swift compares it.
        let descriptor = FetchDescriptor<Specimen>(predicate: #Predicate { $0.habitat.indoor && $0.habitat.depth > 0.3 })
        let explanation = try store.context.explain(descriptor)
        #expect(explanation.filtersInSwift)
        #expect(explanation.sql.contains("json_extract(t.\"habitat\", '$.indoor')"))
        #expect(explanation.swiftReasons.contains { $0.contains("Double") })
        #expect(try store.names(#Predicate { $0.habitat.indoor && $0.habitat.depth > 0.3 }, inSQL: false) == ["alpha"])
    }

    @Test func aUUIDFieldEqualsACapturedUUIDInSQL() throws {
        let wanted = SpecimenStore.uid4
        #expect(try store.names(#Predicate { $0.habitat.tagID == wanted }) == ["Délta"])
        #expect(try store.names(#Predicate { $0.habitat.tagID != wanted }) == ["alpha", "Beta", "gamma", "epsilon"])
    }

    @Test func aMissingUUIDFieldIsNil() throws {
        #expect(try store.names(#Predicate { $0.habitat.tagID == nil }) == ["gamma"])
    }

    @Test func aCapturedListOfUUIDsMatchesAUUIDFieldInSQL() throws {
        let wanted: [UUID?] = [SpecimenStore.uid1, SpecimenStore.uid3]
        #expect(try store.names(#Predicate { wanted.contains($0.habitat.tagID) }) == ["alpha", "Beta"])
    }

    // Upper-case hexadecimal in fixed places orders as the bytes do: 00…FF before 01…, 80… before A0… before F0….
    @Test func aSortByAUUIDFieldOrdersAsUUIDsDo() throws {
        #expect(try store.sorted([SortDescriptor(\.habitat.tagID)]) == ["gamma", "Beta", "epsilon", "Délta", "alpha"])
    }

    // A `UUID` column holds 16 bytes and the field its string: SQL would find them unequal.
    @Test func aUUIDFieldComparedWithAUUIDColumnRunsInSwift() throws {
        let none = UUID()
        let descriptor = FetchDescriptor<Specimen>(predicate: #Predicate { ($0.habitat.tagID ?? none) == $0.uid })
        #expect(try store.context.explain(descriptor).filtersInSwift)
        #expect(try store.names(#Predicate { ($0.habitat.tagID ?? none) == $0.uid }, inSQL: false) == ["Délta"])
    }

    @Test func aUUIDFieldWithACapturedDefaultRunsInSQL() throws {
        let fallback = SpecimenStore.uid3
        #expect(try store.names(#Predicate { ($0.habitat.tagID ?? fallback) == fallback }) == ["alpha", "gamma"])
    }

    @Test func aDateFieldIsNarrowedInSQLAndDecidedInSwiftOnSQLite() throws {
        // Stored as seconds since 2001, a JSON number SQLite may read as another Double.
        let bound = Date(timeIntervalSinceReferenceDate: 0.3)
        let explanation = try store.context.explain(FetchDescriptor<Specimen>(predicate: #Predicate { $0.habitat.surveyed > bound }))
        #expect(explanation.swiftReasons.contains { $0.contains("Date") })
        #expect(explanation.sql.contains("json_extract(t.\"habitat\", '$.surveyed')"))
        #expect(try store.names(#Predicate { $0.habitat.surveyed > bound }, inSQL: false) == ["alpha", "Beta"])
    }

    // SQL keeps 0.3 and 0.30000000000000004 (within a billionth of the bound); Swift decides.
    @Test func aDoubleFieldComparisonIsNarrowedInSQLAndDecidedInSwift() throws {
        let explanation = try store.context.explain(FetchDescriptor<Specimen>(predicate: #Predicate { $0.habitat.depth > 0.3 }))
        #expect(explanation.filtersInSwift)
        #expect(explanation.sql.contains("json_extract(t.\"habitat\", '$.depth')"))
        #expect(try store.names(#Predicate { $0.habitat.depth > 0.3 }, inSQL: false) == ["alpha", "Beta"])
        #expect(try store.names(#Predicate { 0.3 >= $0.habitat.depth }, inSQL: false) == ["gamma", "Délta", "epsilon"])
    }

    @Test func aDoubleFieldEqualityIsNarrowedInSQLAndDecidedInSwift() throws {
        let explanation = try store.context.explain(FetchDescriptor<Specimen>(predicate: #Predicate { $0.habitat.depth == 0.3 }))
        #expect(explanation.sql.contains("BETWEEN"))
        #expect(try store.names(#Predicate { $0.habitat.depth == 0.3 }, inSQL: false) == ["Délta"])
    }

    // Under a negation a wider set of rows would be a wrong one: the condition is not narrowed.
    @Test func aNegatedDoubleFieldComparisonIsNotNarrowed() throws {
        let explanation = try store.context.explain(FetchDescriptor<Specimen>(predicate: #Predicate { !($0.habitat.depth > 0.3) }))
        #expect(!explanation.sql.contains("$.depth"))
        #expect(try store.names(#Predicate { !($0.habitat.depth > 0.3) }, inSQL: false) == ["gamma", "Délta", "epsilon"])
    }

    @Test func aFieldStoredUnderAnotherCodingKeyRunsInSwift() throws {
        let descriptor = FetchDescriptor<Specimen>(predicate: #Predicate { $0.habitat.altitude < 50 && $0.burrow?.entrance == "north" })
        let explanation = try store.context.explain(descriptor)
        #expect(explanation.filtersInSwift)
        #expect(explanation.sql.contains("json_extract(t.\"habitat\", '$.altitude')"))
        #expect(try store.names(#Predicate { $0.habitat.altitude < 50 && $0.burrow?.entrance == "north" }, inSQL: false) == ["Beta"])
    }

    @Test func anIndexOnAFieldServesItsEquality() throws {
        let file = TestStore()
        let store = try SpecimenStore(url: file.url)
        let descriptor = FetchDescriptor<Specimen>(predicate: #Predicate { $0.habitat.region == "Porto" })
        #expect(try store.context.fetch(descriptor).map(\.name) == ["Délta"])
        let sql = try store.context.explain(descriptor).sql
        let queue = try DatabaseQueue(path: file.url.path)
        let plan = try queue.read { db in
            try Row.fetchAll(db, sql: "EXPLAIN QUERY PLAN " + sql, arguments: ["Porto"]).map { $0["detail"] as String }
        }
        #expect(plan.contains { $0.contains("USING INDEX \"Specimen_index_habitat.region\"") || $0.contains("USING INDEX Specimen_index_habitat.region") },
                "\(plan)")
    }
}
