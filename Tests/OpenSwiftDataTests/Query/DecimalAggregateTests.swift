import Foundation
import OpenSwiftData
import Testing

/// Sums, minima and maxima of `Decimal` attributes run in SQL and give `Decimal`'s answer.
@Suite struct DecimalAggregateTests {
    func context(with amounts: [String]) throws -> ModelContext {
        let context = ModelContext(try inMemoryContainer(Expense.self))
        for amount in amounts { context.insert(Expense(amount: Decimal(string: amount)!)) }
        try context.save()
        return context
    }

    @Test("a sum of decimals that binary floating point cannot add exactly is exact")
    func sumIsExact() throws {
        let context = try context(with: ["0.1", "0.2", "12345678901234567890.12", "0.01"])
        #expect(try context.sum(of: \Expense.amount) == Decimal(string: "12345678901234567890.43")!)
    }

    @Test("a sum of decimals over no rows is zero")
    func sumOfNothingIsZero() throws {
        let context = try context(with: ["5"])
        #expect(try context.sum(of: \Expense.amount, where: #Predicate { $0.amount > 10 }) == 0)
    }

    @Test("the minimum and maximum of decimals that differ beyond a double's precision are told apart")
    func minimumAndMaximumAreExact() throws {
        let context = try context(with: ["1.0000000000000000000001", "1.0000000000000000000002", "1"])
        #expect(try context.maximum(of: \Expense.amount) == Decimal(string: "1.0000000000000000000002")!)
        #expect(try context.minimum(of: \Expense.amount) == Decimal(1))
    }

    @Test("a decimal sum with unsaved changes counts them, as a fetch would")
    func sumIncludesPendingChanges() throws {
        let context = try context(with: ["1.25"])
        context.insert(Expense(amount: Decimal(string: "2.5")!))
        #expect(try context.sum(of: \Expense.amount) == Decimal(string: "3.75")!)
    }
}
