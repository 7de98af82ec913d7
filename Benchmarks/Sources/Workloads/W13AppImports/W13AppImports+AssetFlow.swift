import AssetFlow
import Foundation
import OpenSwiftData

// AssetFlow: a snapshot's CSV import (`assetflow import DAY FILE` after `snapshot create`),
// through `SnapshotCSV.parse` and `Portfolio.importValues`, as the tool calls them.
//
// - One snapshot of n new assets, 1,000 and 10,000: the performance issue measured 1.6 ms
//   a row at 2,000 and 20.7 ms at 10,000.
// - The second and the fiftieth monthly snapshot of the same 1,000 assets: each new value
//   joins its asset's `values`, which grows by one each month; the fiftieth import should
//   cost what the second does.
extension W13AppImports {
    static let assetSizes = [Scale.rows(10_000), Scale.rows(1_000)]
    static let monthlyAssets = Scale.rows(1_000)
    static let monthlyImports = [50, 2]

    static var assetFlowCases: [BenchmarkCase] {
        assetSizes.map { rows in
            BenchmarkCase.make(
                "W13 assetflow snapshot import \(Scale.name(rows))", .openSwiftData, freshStorePerIteration: true,
                iterations: Scale.iterations(3), fixture: { rows }, implementation: importSnapshot, verify: verifySnapshot)
        }
        + monthlyImports.map { month in
            BenchmarkCase.make(
                "W13 assetflow monthly import \(month) of \(Scale.name(monthlyAssets))", .openSwiftData, freshStorePerIteration: true,
                iterations: Scale.iterations(3), fixture: { month }, implementation: importMonth, verify: verifyMonth)
        }
    }

    /// A snapshot's CSV of `rows` assets in four currencies, each value a little apart from
    /// the last, and `month` moving every value so that each import changes them.
    static func snapshotCSV(rows: Int, month: Int = 0) -> String {
        let currencies = ["USD", "EUR", "TWD", "JPY"]
        var text = "asset,platform,currency,value\r\n"
        for index in 0..<rows {
            let cents = 100_000 + index * 37 + month * 113
            text += "Asset \(index),Broker \(index % 7),\(currencies[index % currencies.count]),\(cents / 100).\(String(format: "%02d", cents % 100))\r\n"
        }
        return text
    }

    /// The first day of month `index` from January 2022, as the tool reads it.
    static func monthDay(_ index: Int, _ portfolio: Portfolio) throws -> Date {
        try portfolio.days.parse(String(format: "%04d-%02d-01", 2022 + index / 12, index % 12 + 1))
    }

    static func importSnapshot(_ iteration: Iteration, _ rows: Int) throws -> (imported: Int, stored: Int) {
        try importMonth(iteration, rows: rows, afterMonths: 0)
    }

    static func verifySnapshot(_ output: (imported: Int, stored: Int), _ rows: Int) throws {
        try checkEqual(output.imported, rows, "W13 assetflow: values imported")
        try checkEqual(output.stored, rows, "W13 assetflow: values in the store")
    }

    static func importMonth(_ iteration: Iteration, _ month: Int) throws -> (imported: Int, stored: Int) {
        try importMonth(iteration, rows: monthlyAssets, afterMonths: month - 1)
    }

    /// The months before imported first, each in its own context as the tool's runs are;
    /// then the next month's import of `rows` values, measured.
    private static func importMonth(_ iteration: Iteration, rows: Int, afterMonths earlier: Int) throws -> (imported: Int, stored: Int) {
        let container = try AssetFlowStore.container(at: iteration.storeURL)
        func importValues(month: Int, measured: Bool) throws -> Int {
            let portfolio = Portfolio(context: ModelContext(container))
            let day = try monthDay(month, portfolio)
            try portfolio.createSnapshot(on: day)
            let csv = snapshotCSV(rows: rows, month: month)
            let run: () throws -> Int = { try portfolio.importValues(try SnapshotCSV.parse(csv), on: day).values }
            return measured ? try iteration.measure(run) : try run()
        }
        for month in 0..<earlier { _ = try importValues(month: month, measured: false) }
        let imported = try importValues(month: earlier, measured: true)
        return (imported, try ModelContext(container).fetchCount(FetchDescriptor<SnapshotAssetValue>()))
    }

    static func verifyMonth(_ output: (imported: Int, stored: Int), _ month: Int) throws {
        try checkEqual(output.imported, monthlyAssets, "W13 assetflow: values of the month imported")
        try checkEqual(output.stored, monthlyAssets * month, "W13 assetflow: values of every month in the store")
    }
}
