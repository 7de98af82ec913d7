import Foundation
import GRDB
import OpenSwiftData
import Testing

/// A row another tool or a newer program wrote with a value this schema cannot read
/// fails the fetch with an error naming the entity, the property, the row and the
/// value, instead of reading as something else.
@Suite struct UnreadableValueTests {
    /// A store with one `AllTypes` row whose `column` is then set, by raw SQL, to `sql`.
    func fetchAfterStoring(_ sql: String, in column: String) throws -> Result<[AllTypes], Error> {
        let store = TestStore()
        do {
            let context = ModelContext(try store.container(AllTypes.self))
            context.insert(AllTypes())
            try context.save()
        }
        let queue = try DatabaseQueue(path: store.url.path)
        try queue.write { db in try db.execute(sql: "UPDATE \"AllTypes\" SET \"\(column)\" = \(sql)") }
        try queue.close()
        let context = ModelContext(try store.container(AllTypes.self))
        return Result { try context.fetch(FetchDescriptor<AllTypes>()) }
    }

    func expectCorrupt(_ result: Result<[AllTypes], Error>, property: String, value: String,
                       sourceLocation: SourceLocation = #_sourceLocation) {
        guard case .failure(let error) = result,
              case .corruptValue(let entity, let named, let reason)? = (error as? OpenSwiftDataError)?.kind else {
            Issue.record("expected a corrupt value error, got \(result)", sourceLocation: sourceLocation)
            return
        }
        #expect(entity == "AllTypes", sourceLocation: sourceLocation)
        #expect(named == property, sourceLocation: sourceLocation)
        #expect(reason.contains("\"\(value)\" in row 1"), "\(reason)", sourceLocation: sourceLocation)
    }

    @Test func textInADoubleColumnIsReportedNotReadAsZero() throws {
        expectCorrupt(try fetchAfterStoring("'abc'", in: "double"), property: "double", value: "abc")
    }

    @Test func textInAnIntegerColumnIsReportedNotReadAsZero() throws {
        expectCorrupt(try fetchAfterStoring("'many'", in: "int"), property: "int", value: "many")
    }

    @Test func textInAnOptionalNumberColumnIsReportedNotReadAsNil() throws {
        expectCorrupt(try fetchAfterStoring("'n/a'", in: "optionalDouble"), property: "optionalDouble", value: "n/a")
    }

    @Test func textInADateColumnIsReported() throws {
        expectCorrupt(try fetchAfterStoring("'yesterday'", in: "date"), property: "date", value: "yesterday")
    }

    @Test func aDecimalThatIsNotANumberIsReported() throws {
        expectCorrupt(try fetchAfterStoring("'ten'", in: "decimal"), property: "decimal", value: "ten")
    }

    @Test func aUUIDThatIsNoUUIDIsReported() throws {
        expectCorrupt(try fetchAfterStoring("'not-a-uuid'", in: "uuid"), property: "uuid", value: "not-a-uuid")
    }

    @Test func anEnumValueThisVersionDoesNotKnowIsReported() throws {
        expectCorrupt(try fetchAfterStoring("'furious'", in: "mood"), property: "mood", value: "furious")
    }

    @Test func aZeroStoredAsANumberStillReadsAsZero() throws {
        let models = try fetchAfterStoring("0", in: "double").get()
        #expect(models.first?.double == 0)
    }

    @Test func aNullInANonOptionalColumnIsReported() throws {
        guard case .failure(let error) = try fetchAfterStoring("NULL", in: "int"),
              case .corruptValue(_, "int", let reason)? = (error as? OpenSwiftDataError)?.kind else {
            Issue.record("expected a corrupt value error")
            return
        }
        #expect(reason.contains("row 1 holds no value"))
    }

    /// The reason of a corrupt value, which apps show to their users.
    func reason(_ result: Result<[AllTypes], Error>) -> String {
        guard case .failure(let error) = result, case .corruptValue(_, _, let reason)? = (error as? OpenSwiftDataError)?.kind else {
            return "no corrupt value error: \(result)"
        }
        return reason
    }

    @Test func aListThatIsNotJSONIsDescribedInWordsNotAsASwiftTypeOrADecoderError() throws {
        let reason = reason(try fetchAfterStoring("'In Stock'", in: "tags"))
        #expect(reason.hasSuffix("is not a list of text: it is not valid JSON"), "\(reason)")
        #expect(!reason.contains("Array") && !reason.contains("DecodingError") && !reason.contains("Debug"), "\(reason)")
    }

    @Test func aCodableValueOfAnotherShapeNamesThePartThatIsWrongInWords() throws {
        let reason = reason(try fetchAfterStoring(#"'{"street": 5, "city": {"name": "Porto"}}'"#, in: "address"))
        #expect(reason.hasSuffix("is not a value of its kind: its street is not text"), "\(reason)")
        #expect(!reason.contains("Address") && !reason.contains("typeMismatch"), "\(reason)")
    }

    @Test func anEnumValueThisVersionDoesNotKnowIsDescribedInWords() throws {
        let reason = reason(try fetchAfterStoring("'furious'", in: "mood"))
        #expect(reason.hasSuffix("is not one of the values it can take"), "\(reason)")
        #expect(!reason.contains("Mood"), "\(reason)")
    }

    @Test func textInANumberColumnIsDescribedAsNotANumber() throws {
        let reason = reason(try fetchAfterStoring("'abc'", in: "double"))
        #expect(reason.hasSuffix("is not a number"), "\(reason)")
        #expect(!reason.contains("Double"), "\(reason)")
    }
}
