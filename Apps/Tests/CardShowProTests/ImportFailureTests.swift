import Foundation
import OpenSwiftData
import Testing
@testable import CardShowPro

/// A malformed file imports nothing, and the error names the line and field.
@Suite("Failed imports")
struct ImportFailureTests {
    /// Imports into a store holding one card, expects `error`, and checks that the
    /// store still holds exactly that card, unchanged.
    func expectNothingImported(_ text: String, _ format: ExchangeFormat, error expected: ImportError,
                               sourceLocation: SourceLocation = #_sourceLocation) throws {
        let context = try makeContext()
        let existing = card("Existing", value: 5)
        try InventoryService(context: context).add(existing)
        #expect(throws: expected, sourceLocation: sourceLocation) {
            try InventoryExchange(context: context).importData(Data(text.utf8), format: format)
        }
        let fresh = ModelContext(context.container)  // kept alive: models hold their context weakly
        let cards = try fresh.fetch(FetchDescriptor<InventoryCard>())
        #expect(cards.map(\.name) == ["Existing"], sourceLocation: sourceLocation)
        #expect(cards.first?.marketValue == 5, sourceLocation: sourceLocation)
        #expect(!context.hasChanges, sourceLocation: sourceLocation)
    }

    static let csvHeader = "Name,Set,Number,Variant,Condition,Purchase Cost,Market Value,Profit,Acquired Date\n"

    @Test func anExportDateThatIsNotADateIsShownAsWritten() throws {
        let json = #"{"exportDate": "yesterday", "version": "1.0", "cards": [{"name": "A", "setName": "S", "cardNumber": "1"}]}"#
        try expectNothingImported(json, .json, error: .invalidField(line: 1, field: "exportDate", value: "yesterday",
                                                                    reason: ISO8601.expectation))
    }

    @Test func aVersionThatIsNotTextIsShownAsWritten() throws {
        let json = #"{"exportDate": "2026-01-13T00:00:00Z", "version": 2, "cards": [{"name": "A", "setName": "S", "cardNumber": "1"}]}"#
        try expectNothingImported(json, .json, error: .invalidField(line: 1, field: "version", value: "2",
                                                                    reason: "is not text in quotes"))
    }

    @Test func aJSONExportGivenAsCSVIsNamedAsTheJSONExportItIs() throws {
        let json = #"{"exportDate": "2026-01-13T00:00:00Z", "version": "1.0", "cards": [{"name": "A", "setName": "S", "cardNumber": "1"}]}"#
        try expectNothingImported(json, .csv, error: .malformed(line: 1,
            reason: "it is a CardShow Pro export in JSON, not CSV: import it with `cardshow import FILE --format json`"))
    }

    @Test func anAssetFlowCSVGivenToTheImportIsNamedAsAssetFlows() throws {
        try expectNothingImported("asset,platform,currency,value\nFund,,USD,1\n", .csv, error: .malformed(line: 1,
            reason: "it is an AssetFlow snapshot CSV file (asset,platform,currency,value), not a CardShow Pro CSV export: "
                + "import it with `assetflow import DAY FILE`"))
    }

    @Test func csvWithABadAmountNamesItsLineAndColumn() throws {
        let csv = Self.csvHeader
            + "Good,Base Set,1/102,Holo,NM,,10,,2026-01-01\n"
            + "\"Multi\nline\",Base Set,2/102,Holo,NM,,10,,2026-01-01\n"
            + "Bad,Base Set,3/102,Holo,NM,,ten dollars,,2026-01-01\n"
        try expectNothingImported(csv, .csv, error: .invalidField(line: 5, field: "Market Value", value: "ten dollars",
                                                                  reason: DealerInput.amountExpectation))
    }

    @Test func csvBreakingACardRuleNamesTheRule() throws {
        let csv = Self.csvHeader + "Good,Base Set,1/102,Holo,NM,,10,,2026-01-01\nNegative,Base Set,2/102,Holo,NM,,-3,,2026-01-01\n"
        try expectNothingImported(csv, .csv, error: .invalidField(line: 3, field: "Market Value", value: "-3",
                                                                  reason: "is refused: a card's market value can't be negative"))
    }

    @Test func aTabInACardNameInAnImportIsRefusedNamingIt() throws {
        let csv = Self.csvHeader + "\"Pika\tchu\",Base Set,1/102,Holo,NM,,10,,2026-01-01\n"
        try expectNothingImported(csv, .csv, error: .invalidField(line: 2, field: "Name", value: "Pika\tchu",
            reason: "has a tab (\\u{9}) at character 5: names are one line, without tabs or line breaks"))
    }

    @Test func csvWithAnEmptyNameIsRefused() throws {
        let csv = Self.csvHeader + ",Base Set,1/102,Holo,NM,,10,,2026-01-01\n"
        try expectNothingImported(csv, .csv, error: .invalidField(line: 2, field: "Name", value: "",
                                                                  reason: "is refused: a card needs a name"))
    }

    @Test func csvWithAnUnknownConditionNamesIt() throws {
        let csv = Self.csvHeader + "Good,Base Set,1/102,Holo,Mint-ish,,10,,2026-01-01\n"
        let context = try makeContext()
        do {
            try InventoryExchange(context: context).importData(Data(csv.utf8), format: .csv)
            Issue.record("the import succeeded")
        } catch let error as ImportError {
            #expect(error.line == 2 && error.field == "Condition")
        }
        #expect(try context.fetchCount(FetchDescriptor<InventoryCard>()) == 0)
    }

    @Test func csvWithABadDateNamesIt() throws {
        let csv = Self.csvHeader + "Good,Base Set,1/102,Holo,NM,,10,,13/01/2026\n"
        try expectNothingImported(csv, .csv, error: .invalidField(line: 2, field: "Acquired Date", value: "13/01/2026",
                                                                  reason: ISO8601.expectation))
    }

    @Test func csvWithAnUnclosedQuoteNamesTheLineItOpensOn() throws {
        let csv = Self.csvHeader + "Good,Base Set,1/102,Holo,NM,,10,,2026-01-01\n\"Open,Base Set,2/102,Holo,NM,,10,,2026-01-01\n"
        try expectNothingImported(csv, .csv, error: .malformed(line: 3, reason: "this is not valid CSV: a quoted field starting here has no closing quote"))
    }

    @Test func csvRowWithTooManyFieldsIsRefused() throws {
        let csv = "Name,Set,Number,Market Value\nPikachu, Jr.,Base,1,10\n"
        let context = try makeContext()
        #expect(throws: ImportError.self) { try InventoryExchange(context: context).importData(Data(csv.utf8), format: .csv) }
        #expect(try context.fetchCount(FetchDescriptor<InventoryCard>()) == 0)
    }

    @Test func csvWithoutRequiredColumnsNamesThem() throws {
        try expectNothingImported("Name,Set\nA,B\n", .csv, error: .missingColumns(["Number", "Market Value"]))
    }

    @Test func csvWhoseColumnsAreSeparatedBySemicolonsIsSaidToBeSoNotToLackThem() throws {
        // Before: "line 1: the header has no "Name", "Set", "Number", "Market Value" columns", of a header naming each.
        let csv = "Name;Set;Number;Market Value\r\nPikachu;Jungle;60/64;12,50\r\n"
        try expectNothingImported(csv, .csv, error: .malformed(line: 1, reason: "the header's columns are separated by semicolons, "
            + "as a spreadsheet set to some languages saves CSV; a CSV file of cards separates them with commas (and writes amounts "
            + "with a point, 12.50): save it again with commas, as `cardshow export --format csv` writes it"))
    }

    @Test func csvWithADuplicateIDNamesBothLines() throws {
        let id = UUID().uuidString
        let csv = "ID,Name,Set,Number,Market Value\n\(id),A,S,1,1\n\(id),B,S,2,1\n"
        try expectNothingImported(csv, .csv, error: .duplicateID(line: 3, id: id, firstLine: 2))
    }

    @Test func aJSONExportOnOneLineWithTwoCardsOfOneIDNamesTheirPlacesNotLineOneTwice() throws {
        // As a program writes JSON without spaces (JSON.stringify, json.dump): every card on line 1.
        let id = UUID().uuidString
        let card = #"{"id":"\#(id)","name":"A","setName":"S","cardNumber":"1","variant":"Holo","condition":"Near Mint","marketValue":1,"acquiredDate":"2026-01-01T00:00:00Z"}"#
        let other = #"{"name":"B","setName":"S","cardNumber":"2","variant":"Holo","condition":"Near Mint","marketValue":1,"acquiredDate":"2026-01-01T00:00:00Z"}"#
        let json = #"{"exportDate":"2026-01-13T12:00:00Z","version":"1.0","cards":[\#(other),\#(card),\#(card)]}"#
        let context = try makeContext()
        do {
            try InventoryExchange(context: context).importData(Data(json.utf8), format: .json)
            Issue.record("the import succeeded")
        } catch {
            let words = "\(error)"
            #expect(words == "line 1, field \"id\": cards 2 and 3 of the file (counting from 1) have the same card ID, \(id): "
                + "each card has its own; nothing was imported", "\(words)")
            #expect(!words.contains("also on line 1"))
        }
        #expect(try ModelContext(context.container).fetchCount(FetchDescriptor<InventoryCard>()) == 0)
    }

    /// A JSON export written on one line, as programs write it, whose third card is `bad`.
    static func oneLineExport(third bad: String) -> String {
        let card = #"{"name":"A","setName":"S","cardNumber":"1","variant":"Holo","condition":"Near Mint","marketValue":1,"acquiredDate":"2026-01-01T00:00:00Z"}"#
        return #"{"exportDate":"2026-01-13T12:00:00Z","version":"1.0","cards":[\#(card),\#(card),\#(bad)]}"#
    }

    /// Every card of a file on one line is on line 1: a refusal of one says which, by its place,
    /// as the refusal of two cards of one ID does (whether the decoder, the import's checks or
    /// the card rules refuse it).
    @Test(arguments: [
        (#"{"name":"C","setName":"S","cardNumber":"3","variant":"Holo","condition":"Near Mint","marketValue":"ten","acquiredDate":"2026-01-01T00:00:00Z"}"#,
         #"line 1, card 3 of the file (counting from 1), field "marketValue": "ten" "# + DealerInput.amountExpectation),
        (#"{"name":"C","setName":"S","variant":"Holo","condition":"Near Mint","marketValue":1,"acquiredDate":"2026-01-01T00:00:00Z"}"#,
         #"line 1, card 3 of the file (counting from 1), field "cardNumber": missing"#),
        (#"{"name":"C","setName":"S","cardNumber":"3","variant":"Holo","condition":"Shiny","marketValue":1,"acquiredDate":"2026-01-01T00:00:00Z"}"#,
         #"line 1, card 3 of the file (counting from 1), field "condition": "Shiny" is not a condition"#),
        (#"{"name":"C","setName":"","cardNumber":"3","variant":"Holo","condition":"Near Mint","marketValue":1,"acquiredDate":"2026-01-01T00:00:00Z"}"#,
         #"line 1, card 3 of the file (counting from 1), field "setName": "" is refused"#),
    ])
    func aRefusedCardOfAJSONExportOnOneLineIsNamedByItsPlace(bad: String, words: String) throws {
        let context = try makeContext()
        do {
            try InventoryExchange(context: context).importData(Data(Self.oneLineExport(third: bad).utf8), format: .json)
            Issue.record("the import succeeded")
        } catch {
            #expect("\(error)".hasPrefix(words), "\(error)")
            #expect("\(error)".hasSuffix("; nothing was imported"), "\(error)")
        }
        #expect(try ModelContext(context.container).fetchCount(FetchDescriptor<InventoryCard>()) == 0)
    }

    @Test func emptyCsvIsRefused() throws {
        try expectNothingImported("", .csv, error: .empty)
        try expectNothingImported("Name,Set,Number,Market Value\n", .csv, error: .empty)
    }

    static func json(cards: String) -> String {
        """
        {
          "exportDate" : "2026-01-13T12:00:00Z",
          "version" : "1.0",
          "cards" : [
        \(cards)
          ]
        }
        """
    }

    static let goodJSONCard = """
            {
              "name" : "Good",
              "setName" : "Base Set",
              "cardNumber" : "1/102",
              "variant" : "Holo",
              "condition" : "Near Mint",
              "marketValue" : 10,
              "acquiredDate" : "2026-01-01T00:00:00Z"
            }
        """

    /// Issue 33's nineteenth pass: a card that is a list, null, a number or text was refused
    /// as "line 1: Expected to decode Dictionary<String, Any> but found an array instead.",
    /// the decoder's words, on line 1 wherever it was.
    @Test func aCardThatIsNotAnObjectIsNamedByItsPlaceNotInTheDecodersWords() throws {
        for (value, shown) in [("[]", "[]"), ("null", "null"), ("5", "5"), ("\"Good\"", "\"Good\"")] {
            try expectNothingImported(Self.json(cards: Self.goodJSONCard + ",\n    " + value), .json,
                                      error: .malformed(line: 14, reason: "card 2 of the file (counting from 1) is \(shown), not a card: "
                                          + "each card is an object in braces, {\"name\": …}, as `cardshow export --format json` writes it"))
        }
    }

    /// Issue 33's nineteenth pass: an object or a list where a field takes text was shown as
    /// Swift describes it, "[["x": 1]]", not as the file has it.
    @Test func aFieldHoldingAnObjectOrAListIsShownAsTheFileWritesItNotInSwiftsWords() throws {
        let bad = Self.goodJSONCard.replacingOccurrences(of: "\"name\" : \"Good\"", with: "\"name\" : {\"a\": [1, {\"b\": \"c\"}]}")
        try expectNothingImported(Self.json(cards: bad), .json,
                                  error: .invalidField(line: 6, field: "name", value: #"{"a":[1,{"b":"c"}]}"#, reason: "is not text in quotes"))
    }

    @Test func jsonWithAWrongTypeNamesTheLineOfTheField() throws {
        let bad = Self.goodJSONCard.replacingOccurrences(of: "\"marketValue\" : 10", with: "\"marketValue\" : \"ten\"")
        // The second card starts on line 14; marketValue is its seventh line.
        try expectNothingImported(Self.json(cards: Self.goodJSONCard + ",\n" + bad), .json,
                                  error: .invalidField(line: 20, field: "marketValue", value: "ten", reason: DealerInput.amountExpectation))
    }

    /// Issue 33's twentieth pass: a file saved with CR-only line ends (the old Mac's) was
    /// one line to the locator, so a refused card was named "line 1, card 2 of the file". A
    /// line ends at CR as at LF, as a text editor counts it, and CRLF is one line end.
    @Test func aJSONExportWithCROnlyOrCRLFLineEndsNamesTheLineAnEditorShows() throws {
        let bad = Self.goodJSONCard.replacingOccurrences(of: "\"marketValue\" : 10", with: "\"marketValue\" : \"ten\"")
        let text = Self.json(cards: Self.goodJSONCard + ",\n" + bad)
        for lineEnd in ["\r", "\r\n"] {
            try expectNothingImported(text.replacingOccurrences(of: "\n", with: lineEnd), .json,
                                      error: .invalidField(line: 20, field: "marketValue", value: "ten", reason: DealerInput.amountExpectation))
        }
    }

    @Test func jsonWithAMissingFieldNamesTheCardsLine() throws {
        let bad = Self.goodJSONCard.replacingOccurrences(of: "\"cardNumber\" : \"1/102\",\n", with: "")
        try expectNothingImported(Self.json(cards: Self.goodJSONCard + ",\n" + bad), .json,
                                  error: .missingField(line: 14, field: "cardNumber"))
    }

    @Test func jsonWithABadDateNamesIt() throws {
        let bad = Self.goodJSONCard.replacingOccurrences(of: "2026-01-01T00:00:00Z", with: "yesterday")
        try expectNothingImported(Self.json(cards: bad), .json,
                                  error: .invalidField(line: 12, field: "acquiredDate", value: "yesterday", reason: ISO8601.expectation))
    }

    @Test func jsonBreakingACardRuleNamesTheField() throws {
        let bad = Self.goodJSONCard.replacingOccurrences(of: "\"setName\" : \"Base Set\"", with: "\"setName\" : \"\"")
        try expectNothingImported(Self.json(cards: bad), .json,
                                  error: .invalidField(line: 7, field: "setName", value: "",
                                                       reason: "is refused: a card needs the name of its set"))
    }

    /// Issue 33's twentieth pass: a card rule's refusal of `-5` read `"-5.0" is refused: A card's
    /// market value can't be negative.; nothing was imported`, the value as the number prints
    /// and the rule's own sentence, capital and full stop, inside the import's. It shows the
    /// value as the file writes it (JSON and CSV, a date as written too) in one sentence.
    @Test func aCardRuleRefusalShowsTheValueAsTheFileWritesItInOneSentence() throws {
        let negative = Self.goodJSONCard.replacingOccurrences(of: "\"marketValue\" : 10", with: "\"marketValue\" : -5")
        try expectNothingImported(Self.json(cards: negative), .json, error: .invalidField(line: 11, field: "marketValue", value: "-5",
            reason: "is refused: a card's market value can't be negative"))
        let error = ImportError.invalidField(line: 11, field: "marketValue", value: "-5",
                                             reason: "is refused: a card's market value can't be negative")
        #expect(error.description == #"line 11, field "marketValue": "-5" is refused: a card's market value can't be negative; nothing was imported"#)

        let huge = Self.goodJSONCard.replacingOccurrences(of: "\"marketValue\" : 10", with: "\"marketValue\" : 1E20")
        try expectNothingImported(Self.json(cards: huge), .json, error: .invalidField(line: 11, field: "marketValue", value: "1E20",
            reason: DealerInput.amountExpectation))

        let future = Self.goodJSONCard.replacingOccurrences(of: "2026-01-01T00:00:00Z", with: "2100-01-01T01:00:00+01:00")
        try expectNothingImported(Self.json(cards: future), .json, error: .invalidField(line: 12, field: "acquiredDate",
            value: "2100-01-01T01:00:00+01:00",
            reason: "is refused: a card can't be acquired in the future: give the day you got it (today at the latest)"))

        let csv = Self.csvHeader + "Negative,Base Set,2/102,Holo,NM,-0.50,10,,2026-01-01\n"
        try expectNothingImported(csv, .csv, error: .invalidField(line: 2, field: "Purchase Cost", value: "-0.50",
            reason: "is refused: what you paid for a card can't be negative; leave it empty if you don't know it"))
    }

    @Test func jsonSyntaxErrorNamesItsLine() throws {
        let bad = Self.goodJSONCard.replacingOccurrences(of: "\"variant\" : \"Holo\",", with: "\"variant\" : \"Holo\"")
        let context = try makeContext()
        do {
            try InventoryExchange(context: context).importData(Data(Self.json(cards: bad).utf8), format: .json)
            Issue.record("the import succeeded")
        } catch let error as ImportError {
            #expect(error.line == 10)
            #expect(error.description.contains("not valid JSON"))
        }
        #expect(try context.fetchCount(FetchDescriptor<InventoryCard>()) == 0)
    }

    @Test func jsonOfAnotherFormatVersionIsRefused() throws {
        let json = Self.json(cards: Self.goodJSONCard).replacingOccurrences(of: "\"1.0\"", with: "\"2.0\"")
        try expectNothingImported(json, .json, error: .unsupportedVersion("2.0"))
    }

    @Test func errorMessageSaysNothingWasImported() {
        let error = ImportError.invalidField(line: 3, field: "Market Value", value: "x\ny", reason: "is not an amount")
        #expect(error.description == "line 3, field \"Market Value\": \"x\\ny\" is not an amount; nothing was imported")
    }
}
