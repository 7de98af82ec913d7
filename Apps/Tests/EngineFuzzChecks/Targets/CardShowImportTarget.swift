import CardShowPro
import Foundation
import FuzzChecks
import OpenSwiftData

/// CardShow Pro's import (`cardshow import FILE`) of a JSON or CSV inventory file, into
/// an in-memory store holding one card, so that imports meet an existing card as well.
public class CardShowImportTarget {
    let format: ExchangeFormat
    var container: ModelContainer
    var changed = false

    init(format: ExchangeFormat) throws {
        self.format = format
        container = try Self.store()
    }

    static func store() throws -> ModelContainer {
        let container = try CardShowStore.inMemoryContainer()
        let seed = Data(#"""
            {"cards":[{"acquiredDate":"2026-01-01T00:00:00Z","cardNumber":"4/102","condition":"Near Mint",
            "id":"0C5D8E5C-AA6F-4B90-BFBD-AA60007D0B75","isGraded":false,"marketValue":350,"name":"Charizard",
            "purchaseCost":220,"setName":"Base Set","status":"In Stock","tags":[],"variant":"Holo"}],
            "exportDate":"2026-01-02T00:00:00Z","version":"1.0"}
            """#.utf8)
        try InventoryExchange(context: ModelContext(container)).importData(seed, format: .json)
        return container
    }

    public func run(_ data: Data) throws {
        // An import that succeeded changed the store: start the next input from the same store.
        if changed {
            container = try Self.store()
            changed = false
        }
        do {
            try InventoryExchange(context: ModelContext(container)).importData(data, format: format)
            changed = true
        } catch {
            try ErrorCheck.judge(error) { message in
                ErrorCheck.namesLineOrField(message)
                    || message.hasPrefix("the file has no cards")
                    || message.hasPrefix("this export is format version")
            }
        }
    }
}

public final class CardShowJSONTarget: CardShowImportTarget, FuzzTarget {
    public static let name = "cardshow-json"
    public required init() throws { try super.init(format: .json) }
}

public final class CardShowCSVTarget: CardShowImportTarget, FuzzTarget {
    public static let name = "cardshow-csv"
    public required init() throws { try super.init(format: .csv) }
}
