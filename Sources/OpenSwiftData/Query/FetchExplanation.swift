import Foundation

/// How a fetch will run: the SQL it sends and what, if anything, is left to Swift.
///
/// Ask with `ModelContext.explain(_:)` or `FetchDescriptor.explain(in:)`. A
/// predicate sub-expression that SQL cannot express is evaluated in Swift on the
/// rows the rest of the predicate selects; the fetch still honours its sort, limit
/// and offset. `swiftReasons` says why, and the same is logged once through
/// swift-log (label `OpenSwiftData`, level info).
public struct FetchExplanation: CustomStringConvertible, Sendable {
    /// The SELECT the fetch sends.
    public let sql: String
    /// Its arguments, as SQLite sees them.
    public let arguments: [String]
    /// The predicate is evaluated in Swift on the rows the SQL returns.
    public let filtersInSwift: Bool
    /// The results are sorted in Swift.
    public let sortsInSwift: Bool
    /// `fetchLimit` and `fetchOffset` are applied in Swift.
    public let windowsInSwift: Bool
    /// Unsaved changes of the context are merged into the results in Swift.
    public let mergesPendingChanges: Bool
    /// Why each part that is not in SQL is not.
    public let swiftReasons: [String]

    /// True when SQLite does all the work.
    public var runsEntirelyInSQL: Bool { !filtersInSwift && !sortsInSwift && !windowsInSwift && !mergesPendingChanges }

    /// An explanation of another store's fetch.
    package init(sql: String, arguments: [String], outcome: StoreFetchOutcome, reasons: [String]) {
        self.sql = sql
        self.arguments = arguments
        filtersInSwift = outcome.filtersInSwift
        sortsInSwift = outcome.sortsInSwift
        windowsInSwift = outcome.windowsInSwift
        mergesPendingChanges = outcome.mergesPendingChanges
        swiftReasons = reasons
    }

    init(_ plan: QueryPlan) {
        sql = plan.sql
        arguments = plan.arguments.map(\.description)
        filtersInSwift = plan.filtersInSwift
        sortsInSwift = plan.sortsInSwift
        windowsInSwift = plan.windowsInSwift
        mergesPendingChanges = plan.mergesPendingChanges
        swiftReasons = plan.reasons
    }

    /// The SQL, and what runs in Swift and why, as text.
    public var description: String {
        var lines = [sql]
        if !arguments.isEmpty { lines.append("arguments: " + arguments.joined(separator: ", ")) }
        if filtersInSwift { lines.append("filters in Swift") }
        if sortsInSwift { lines.append("sorts in Swift") }
        if windowsInSwift { lines.append("applies limit/offset in Swift") }
        if mergesPendingChanges { lines.append("merges unsaved changes") }
        lines += swiftReasons.map { "because: " + $0 }
        return lines.joined(separator: "\n")
    }
}

extension FetchDescriptor {
    /// How `context.fetch(self)` will run.
    public func explain(in context: ModelContext) throws -> FetchExplanation {
        try context.explain(self)
    }
}
