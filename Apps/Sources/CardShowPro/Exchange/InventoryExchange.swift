import Foundation
import JSONText
import OpenSwiftData

/// Export and import of the inventory, in the seed's JSON format or CSV.
public struct InventoryExchange {
    public let context: ModelContext

    public init(context: ModelContext) {
        self.context = context
    }

    /// Every card, oldest acquisition first; refused, naming the card, when one holds a date
    /// its import would refuse (`unexportable(_:)`).
    public func exportRecords() throws -> [InventoryExport.CardExport] {
        let cards = try context.fetch(FetchDescriptor<InventoryCard>(sortBy: [SortDescriptor(\.acquiredDate), SortDescriptor(\.name)]))
        if let problem = cards.lazy.compactMap(Self.unexportable(_:)).first { throw problem }
        var firstByID: [UUID: InventoryCard] = [:]
        for card in cards {
            if let first = firstByID[card.id] { throw Self.sharedID(card, with: first) }
            firstByID[card.id] = card
        }
        return cards.map(InventoryExport.CardExport.init)
    }

    /// `card` holds `first`'s ID, as another program stored them (it dropped the index that
    /// keeps IDs apart): written, the export's import refused the whole file ("the card ID …
    /// is also on line 2").
    static func sharedID(_ card: InventoryCard, with first: InventoryCard) -> CardShowError {
        .idSharedNoImportTakes(card: card.displayName, otherCard: first.displayName, id: card.id.short)
    }

    /// What is wrong with a card whose acquired date or price date another program stored
    /// outside the years an export holds (10^300 seconds from 1970): written as Foundation
    /// writes it (a year of six digits, or -4712), it made an export that `cardshow import`
    /// refused whole, nothing imported.
    ///
    /// So too a card holding any other value another program stored that the import refuses
    /// (a negative market value, a grade of 11, an empty name, an acquired date after today, a
    /// note of over 4,096 characters, a name on two lines):
    /// the export was written, and `cardshow import` of it refused the whole file.
    static func unexportable(_ card: InventoryCard) -> CardShowError? {
        func importable(_ date: Date) -> Bool { ISO8601.date(from: ISO8601.string(from: date), exported: true) != nil }
        if !importable(card.acquiredDate) { return .dateNoExportHolds(card: card.displayName, id: card.id.short, field: .acquired) }
        if !importable(card.lastPriceUpdate) {
            return .dateNoExportHolds(card: card.displayName, id: card.id.short, field: .priced)
        }
        // A text the import refuses (over 4,096 characters, a NUL, a name on two lines), which
        // the export wrote, and the import of it refused the whole file.
        if let refused = CardImporter.refusedText(in: InventoryExport.CardExport(card)) {
            return .valueNoImportTakes(card: card.displayName, id: card.id.short, reason: "its field \"\(refused.field.jsonKey)\" \(refused.reason)")
        }
        do {
            try card.validateOwnValues()
        } catch {
            // As stored: of a company no one knows on an ungraded card, the rule's "use one of
            // PSA, …" led to `--graded-by`, which grades the card.
            let words = (error as? ValidationError).map(card.storedWords(of:)) ?? "\(error)"
            let reason = (words.prefix(1).lowercased() + words.dropFirst()).trimmingCharacters(in: CharacterSet(charactersIn: "."))
            return .valueNoImportTakes(card: card.displayName, id: card.id.short, reason: reason,
                                       mend: (error as? ValidationError).flatMap(card.mendingOptions(of:)))
        }
        return nil
    }

    /// Every card that can be read, oldest acquisition first, and why each of the
    /// others cannot be: a salvage of a store holding rows this version cannot read (a
    /// newer version's value, a field damaged by another tool), or cards with a date no
    /// export holds (`unexportable(_:)`), which `exportRecords` refuses whole.
    public func readableRecords() throws -> (records: [InventoryExport.CardExport], unreadable: [String]) {
        let salvage = try salvage()
        return (salvage.records, salvage.unreadable + salvage.undated)
    }

    /// `readableRecords()`, the cards left out for their dates apart: the engine's words
    /// about unreadable rows are the tool's to put in its own, these are the dealer's already.
    private func salvage() throws -> (records: [InventoryExport.CardExport], unreadable: [String], undated: [String]) {
        do {
            return (try exportRecords(), [], [])
        } catch OpenSwiftDataError.Code.corruptValue {
            // Card by card below: the whole fetch stops at the first unreadable row.
        } catch CardShowError.dateNoExportHolds, CardShowError.valueNoImportTakes, CardShowError.idSharedNoImportTakes {
            // Card by card below, leaving out each card whose date no export holds, or whose value no import takes.
        }
        var records: [InventoryExport.CardExport] = [], unreadable: [String] = [], undated: [String] = []
        // The first card of each ID exported; a later one holding it is left out, naming it.
        var exported: [UUID: InventoryCard] = [:]
        let identifiers = try context.fetchIdentifiers(
            FetchDescriptor<InventoryCard>(sortBy: [SortDescriptor(\.acquiredDate), SortDescriptor(\.name)]))
        for identifier in identifiers {
            do {
                for card in try context.fetch(FetchDescriptor<InventoryCard>(predicate: #Predicate { $0.persistentModelID == identifier })) {
                    if let problem = Self.unexportable(card) {
                        undated.append(problem.skippedDescription)
                    } else if let first = exported[card.id] {
                        undated.append(Self.sharedID(card, with: first).skippedDescription)
                    } else {
                        records.append(.init(card))
                        exported[card.id] = card
                    }
                }
            } catch let error as OpenSwiftDataError {
                unreadable.append(error.description)
            }
        }
        return (records, unreadable, undated)
    }

    /// The inventory as a file in `format`.
    public func export(format: ExchangeFormat, exportDate: Date = Date(), progress: ProgressHandler? = nil) throws -> Data {
        try encode(try exportRecords(), format: format, exportDate: exportDate, progress: progress)
    }

    /// The cards that can be read, as a file in `format`, why each unreadable one cannot be
    /// (the engine's words), and what is wrong with each card left out for a date no export
    /// holds (see `readableRecords()`).
    public func exportReadable(format: ExchangeFormat, exportDate: Date = Date(), progress: ProgressHandler? = nil) throws
        -> (data: Data, unreadable: [String], undated: [String]) {
        let salvage = try salvage()
        return (try encode(salvage.records, format: format, exportDate: exportDate, progress: progress), salvage.unreadable, salvage.undated)
    }

    private func encode(_ records: [InventoryExport.CardExport], format: ExchangeFormat, exportDate: Date,
                        progress: ProgressHandler?) throws -> Data {
        switch format {
        case .json:
            let data = try JSONFormat.encode(InventoryExport(exportDate: exportDate, cards: records))
            progress?(records.count, records.count)
            return data
        case .csv:
            return Data(CSVFormat.encode(records, progress: progress).utf8)
        }
    }

    /// Imports a file in `format`, all or nothing: on any error nothing is imported,
    /// and the error names the line and field. With `matchingWantList` false the result's
    /// `matches` is empty and the want list is not read.
    @discardableResult
    public func importData(_ data: Data, format: ExchangeFormat, progress: ProgressHandler? = nil,
                           matchingWantList: Bool = true) throws -> ImportResult {
        let records = try Self.records(in: data, format: format)
        return try CardImporter(context: context, matchingWantList: matchingWantList).importRecords(records, progress: progress)
    }

    /// The export in `data`, or what ``importData(_:format:progress:matchingWantList:)`` throws
    /// for a file that is not one, without a store: a command reads it before it opens (or
    /// creates) one, so that a refused import leaves no new store behind.
    public static func read(_ data: Data, format: ExchangeFormat) throws -> CheckedExport {
        let records = try records(in: data, format: format)
        guard !records.isEmpty else { throw ImportError.empty }
        return CheckedExport(records: records)
    }

    /// Imports an export ``read(_:format:)`` read: as ``importData(_:format:progress:matchingWantList:)``.
    @discardableResult
    public func importExport(_ export: CheckedExport, progress: ProgressHandler? = nil) throws -> ImportResult {
        try CardImporter(context: context, matchingWantList: true).importRecords(export.records, progress: progress)
    }

    /// The records of an export, or why it is not one.
    static func records(in data: Data, format: ExchangeFormat) throws -> [ImportedRecord] {
        switch format {
        case .json:
            return try JSONFormat.decode(data).1
        case .csv:
            if let mismatch = CSVFile.cardShowPro.mismatch(data) { throw ImportError.malformed(line: 1, reason: mismatch) }
            guard let text = String(data: data, encoding: .utf8) else {
                throw ImportError.malformed(line: Self.firstInvalidUTF8Line(data), reason: "this is not UTF-8 text; save the file as UTF-8")
            }
            return try CSVFormat.decode(text)
        }
    }

    /// Throws what ``importData(_:format:progress:matchingWantList:)`` throws for the whole file
    /// when `start`, its first part, already decides it: JSON broken before the part ends (a
    /// log given as an export), or a CSV file whose header is not an export's, or JSON given as
    /// CSV (named by its first keys, `CSVFile.startMismatch`).
    public static func refuseStart(_ start: Data, format: ExchangeFormat) throws {
        switch format {
        case .json:
            if TextStart.jsonHasProblem(start) { _ = try JSONFormat.decode(start) }
        case .csv:
            if let mismatch = CSVFile.cardShowPro.startMismatch(start) { throw ImportError.malformed(line: 1, reason: mismatch) }
            guard !TextStart.looksLikeJSON(start), let header = TextStart.firstCSVRecord(start),
                  let text = String(data: header, encoding: .utf8) else { return }
            _ = try CSVFormat.decode(text)
        }
    }

    /// Imports the file at `url`, in `format` or the one its extension names.
    @discardableResult
    public func importFile(at url: URL, format: ExchangeFormat? = nil, progress: ProgressHandler? = nil) throws -> ImportResult {
        guard let format = format ?? ExchangeFormat(pathExtension: url.pathExtension) else {
            throw CardShowError.invalidArgument("Cannot tell the format of \(url.lastPathComponent) from its name; give --format json or --format csv.")
        }
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw ImportError.unreadable(path: url.path, reason: (error as NSError).localizedDescription)
        }
        return try importData(data, format: format, progress: progress)
    }

    static func firstInvalidUTF8Line(_ data: Data) -> Int {
        var line = 1
        var start = data.startIndex
        for (index, byte) in zip(data.indices, data) where byte == 0x0A {
            if String(data: data[start..<index], encoding: .utf8) == nil { return line }
            line += 1
            start = index + 1
        }
        return line
    }
}
