import Testing

/// Each target is taken alone (0 to 100), so categories whose targets add up to more than the
/// whole portfolio were kept without a word and the report measured drifts against them.
@Suite("assetflow's targets that add up to more than the whole")
struct TargetsOverWholeTests {
    static let note = "The categories' targets add up to 110.0%, more than the whole portfolio: "
        + "lower one with `assetflow category target NAME PERCENT`."

    @Test func addingACategoryWhoseTargetTakesTheTotalPastTheWholeSaysSo() throws {
        let tool = try AssetFlowProcess()
        defer { tool.remove() }
        #expect(!(try tool.ok("category", "add", "Stocks", "--target", "60")).contains("add up to"))
        let said = try tool.ok("category", "add", "Bonds", "--target", "50")
        #expect(said.contains("Added the category Bonds (target 50.0%).\n" + Self.note), "\(said)")
    }

    @Test func settingATargetThatTakesTheTotalPastTheWholeSaysSo() throws {
        let tool = try AssetFlowProcess()
        defer { tool.remove() }
        try tool.ok("category", "add", "Stocks", "--target", "60")
        try tool.ok("category", "add", "Bonds", "--target", "40")
        let said = try tool.ok("category", "target", "Bonds", "50")
        #expect(said.contains(Self.note), "\(said)")
    }

    @Test func theReportSaysTheTargetsAddUpToMoreThanTheWhole() throws {
        let tool = try AssetFlowProcess()
        defer { tool.remove() }
        try tool.ok("category", "add", "Stocks", "--target", "60")
        try tool.ok("category", "add", "Bonds", "--target", "50")
        try tool.ok("asset", "add", "ETF", "--platform", "Broker", "--currency", "USD", "--category", "Stocks")
        try tool.ok("snapshot", "create", "2026-01-31")
        try tool.ok("snapshot", "set", "2026-01-31", "--asset", "ETF", "--platform", "Broker", "--value", "100")
        let report = try tool.ok("report")
        #expect(report.contains(Self.note), "\(report)")
    }

    @Test func targetsThatAddUpToTheWholeOrLessAreNotRemarkedOn() throws {
        let tool = try AssetFlowProcess()
        defer { tool.remove() }
        try tool.ok("category", "add", "Stocks", "--target", "60")
        let said = try tool.ok("category", "add", "Bonds", "--target", "40")
        #expect(!said.contains("add up to"), "\(said)")
        #expect(!(try tool.ok("category", "target", "Bonds", "30")).contains("add up to"))
    }
}
