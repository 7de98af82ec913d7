import ArgumentParser
import AssetFlow
import CommandLineSupport
import Foundation

struct SnapshotCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "snapshot", abstract: "Create snapshots and record their values, cash flows and exchange rates.",
        subcommands: [Create.self, Set.self, CashFlow.self, Rates.self, Show.self, List.self, Delete.self])

    struct Create: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Create the snapshot of a day (one per day).")
        @Argument(help: "The day, YYYY-MM-DD.") var day: String
        @OptionGroup var json: JSONOption
        @OptionGroup var store: StoreOptions

        func run() throws {
            // Read before the store is opened: a refused first command leaves no store.
            let date = try Days().parse(day)
            let portfolio = try store.open(writing: true, creating: true)
            let snapshot = try portfolio.createSnapshot(on: date)
            if json.enabled { return try printJSON(List.Row(snapshot, days: portfolio.days)) }
            print("Created the snapshot of \(portfolio.days.format(snapshot.date)).")
        }
    }

    struct Set: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Record an asset's market value, in its currency, in a snapshot.")
        @Argument(help: "The snapshot's day, YYYY-MM-DD.") var day: String
        @Option(help: "The asset's name.") var asset: String
        @Option(help: "Its platform (none when omitted).") var platform = ""
        @Option(parsing: .unconditional, help: "Its market value.") var value: String
        @OptionGroup var json: JSONOption
        @OptionGroup var store: StoreOptions

        func run() throws {
            let portfolio = try store.open(writing: true)
            let amount = try Money.parse(value)
            try portfolio.setValue(amount, of: asset, platform: platform, on: try portfolio.days.parse(day))
            if json.enabled { return try printJSON(Show.View(of: try portfolio.days.parse(day), in: portfolio)) }
            print("\(asset.forTerminal) is worth \(Money.display(amount)) on \(day.forTerminal).")
        }
    }

    struct CashFlow: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "cashflow",
            abstract: "Record money put in (positive) or taken out (negative) since the previous snapshot.")
        @Argument(help: "The snapshot's day, YYYY-MM-DD.") var day: String
        @Option(help: "What it was (unique within the snapshot).") var description: String
        @Option(parsing: .unconditional, help: "The amount: positive in, negative out (-300).") var amount: String
        @Option(help: "Its currency (the report's when omitted).") var currency = ""
        @OptionGroup var json: JSONOption
        @OptionGroup var store: StoreOptions

        func run() throws {
            let portfolio = try store.open(writing: true)
            let value = try Money.parse(amount)
            try portfolio.addCashFlow(description, amount: value, currency: currency, on: try portfolio.days.parse(day))
            if json.enabled { return try printJSON(Show.View(of: try portfolio.days.parse(day), in: portfolio)) }
            // No currency is the report's, which is not known until a report is made.
            let unit = currency.isEmpty ? "in the report's currency" : currency.forTerminal
            print("Recorded the cash flow \(description.forTerminal): \(Money.display(value)) \(unit) on \(day.forTerminal).")
        }
    }

    struct Rates: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Set a snapshot's exchange rates: units of each currency per one base unit.")
        @Argument(help: "The snapshot's day, YYYY-MM-DD.") var day: String
        @Option(help: "The base currency.") var base: String
        @Option(name: .customLong("rate"), help: ArgumentHelp("A rate, CODE=UNITS (repeatable): TWD=32.5.", valueName: "code=units"))
        var rates: [String] = []
        @OptionGroup var json: JSONOption
        @OptionGroup var store: StoreOptions

        func run() throws {
            var parsed: [String: Decimal] = [:]
            for rate in rates {
                let parts = rate.split(separator: "=", maxSplits: 1).map(String.init)
                guard parts.count == 2 else { throw ToolError("'\(rate)' is not a rate: write CODE=UNITS, such as TWD=32.5.") }
                // The exact decimal text as typed (0.0333), never through a binary floating-point value.
                let units = try Money.parse(parts[1])
                // A rate is what one unit of the base buys: zero or less would value every asset at nothing or below.
                guard units > 0 else { throw ToolError("The rate '\(rate)' must be more than 0: write how many units of \(parts[0]) one \(base) buys.") }
                // The library checks the code; here only its spelling is made one, to catch a currency given twice.
                let code = parts[0].trimmingCharacters(in: .whitespaces).uppercased()
                guard parsed[code] == nil else { throw SnapshotError.duplicateRate(code) }
                parsed[code] = units
            }
            guard !parsed.isEmpty else { throw ToolError("Give at least one --rate CODE=UNITS.") }
            let portfolio = try store.open(writing: true)
            try portfolio.setRates(on: try portfolio.days.parse(day), base: base, rates: parsed)
            if json.enabled { return try printJSON(Show.View(of: try portfolio.days.parse(day), in: portfolio)) }
            print("Set \(counted(parsed.count, "rate")) against \(base.uppercased().forTerminal) on \(day.forTerminal).")
        }
    }

    struct Show: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Show a snapshot's values, cash flows and rates.")
        @Argument(help: "The snapshot's day, YYYY-MM-DD.") var day: String
        @OptionGroup var json: JSONOption
        @OptionGroup var store: StoreOptions

        struct Value: Encodable { let asset: String; let platform: String; let currency: String; let value: String }
        struct Flow: Encodable { let description: String; let amount: String; let currency: String }
        /// A snapshot as `show --json` prints it, and as the commands that change one print it.
        struct View: Encodable {
            let day: String; let values: [Value]; let cashFlows: [Flow]; let baseCurrency: String?; let rates: [String: Decimal]?

            init(of date: Date, in portfolio: Portfolio) throws {
                let snapshot = try portfolio.snapshot(on: date)
                day = portfolio.days.format(snapshot.date)
                values = try portfolio.exportValues(on: date).map {
                    Value(asset: $0.asset, platform: $0.platform, currency: $0.currency, value: Money.text($0.value))
                }
                cashFlows = (snapshot.cashFlowOperations ?? [])
                    .map { Flow(description: $0.cashFlowDescription, amount: Money.text($0.amount), currency: $0.currency) }
                    .sorted { $0.description < $1.description }
                baseCurrency = snapshot.exchangeRate?.baseCurrency.uppercased()
                rates = snapshot.exchangeRate.map { Dictionary(uniqueKeysWithValues: $0.rates.map { ($0.key.uppercased(), $0.value) }) }
            }
        }

        func run() throws {
            let portfolio = try store.open(writing: false)
            let view = try View(of: try portfolio.snapshotDay(day), in: portfolio)
            if json.enabled { return try printJSON(view) }
            print("Snapshot of \(view.day)")
            var values = Table("ASSET", "PLATFORM", "CURRENCY", "VALUE", rightAligned: [3])
            for value in view.values { values.add(value.asset, value.platform, value.currency, Money.display(try Money.parse(value.value))) }
            print(view.values.isEmpty ? "No values yet." : values.render())
            if !view.cashFlows.isEmpty {
                var flows = Table("CASH FLOW", "AMOUNT", "CURRENCY", rightAligned: [1])
                for flow in view.cashFlows { flows.add(flow.description, Money.display(try Money.parse(flow.amount)), flow.currency) }
                print("\n" + flows.render())
            }
            if let base = view.baseCurrency, let rates = view.rates {
                print("\nRates per 1 \(base): " + rates.sorted { $0.key < $1.key }.map { "\($0.key) \(Money.text($0.value))" }
                    .joined(separator: ", "))
            }
        }
    }

    struct List: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "List the snapshots, oldest first.")
        @OptionGroup var json: JSONOption
        @OptionGroup var store: StoreOptions

        /// A snapshot as the listing prints it with --json, and as `create` and `delete` print it.
        struct Row: Encodable {
            let day: String; let values: Int; let cashFlows: Int; let hasRates: Bool

            init(_ snapshot: Snapshot, days: Days) {
                day = days.format(snapshot.date)
                values = snapshot.assetValues?.count ?? 0
                cashFlows = snapshot.cashFlowOperations?.count ?? 0
                hasRates = snapshot.exchangeRate != nil
            }
        }

        func run() throws {
            let portfolio = try store.open(writing: false)
            let rows = try portfolio.snapshots().map { Row($0, days: portfolio.days) }
            if json.enabled { return try printJSON(rows) }
            guard !rows.isEmpty else { return print("No snapshots yet: create one with `assetflow snapshot create YYYY-MM-DD`.") }
            var table = Table("DAY", "VALUES", "CASH FLOWS", "RATES", rightAligned: [1, 2])
            for row in rows { table.add(row.day, String(row.values), String(row.cashFlows), row.hasRates ? "yes" : "no") }
            print(table.render())
        }
    }

    struct Delete: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Delete a snapshot with its values, cash flows and rates.")
        @Argument(help: "The snapshot's day, YYYY-MM-DD.") var day: String
        @OptionGroup var json: JSONOption
        @OptionGroup var store: StoreOptions

        func run() throws {
            let portfolio = try store.open(writing: true)
            let date = try portfolio.snapshotDay(day)
            let deleted = List.Row(try portfolio.snapshot(on: date), days: portfolio.days)
            try portfolio.deleteSnapshot(on: date)
            if json.enabled { return try printJSON(deleted) }
            print("Deleted the snapshot of \(day.forTerminal).")
        }
    }
}
