import Foundation
import OpenSwiftData
import Testing

/// Each save recorded as a history transaction, read back by token: the same on every
/// store that keeps history.
@Suite struct HistoryBehaviourTests {
    private static func history(_ container: ModelContainer,
                                _ predicate: Predicate<DefaultHistoryTransaction>? = nil) throws -> [DefaultHistoryTransaction] {
        try ModelContext(container).fetchHistory(HistoryDescriptor<DefaultHistoryTransaction>(predicate: predicate))
    }

    private static func summary(_ change: HistoryChange) -> String {
        switch change {
        case .insert(let insert): "insert \(insert.changedPersistentIdentifier.entityName)"
        case .update(let update as DefaultHistoryUpdate<Memo>):
            "update Memo " + update.updatedAttributes.map { $0 == \Memo.body ? "body" : $0 == \Memo.rank ? "rank" : "other" }.joined(separator: ",")
        case .update(let update): "update \(update.changedPersistentIdentifier.entityName)"
        case .delete(let delete): "delete \(delete.changedPersistentIdentifier.entityName)"
        }
    }

    @Test(arguments: StoreKind.available(for: .history))
    func eachSaveIsOneTransactionWithItsAuthorAndInsertsInOrder(_ kind: StoreKind) throws {
        let store = try BehaviourStore(kind, for: [Memo.self, Binder.self])
        let container = try store.container()
        let context = ModelContext(container)
        context.author = "importer"
        let memos = [Memo(title: "a"), Memo(title: "b")]
        memos.forEach(context.insert)
        try context.save()
        let transactions = try Self.history(container)
        #expect(transactions.count == 1)
        #expect(transactions.first?.author == "importer")
        #expect(transactions.first?.changes.map(\.changedPersistentIdentifier) == memos.map(\.persistentModelID))
    }

    /// PostgreSQL writes such a save, and its history, as one statement.
    @Test(arguments: StoreKind.available(for: .history))
    func aModelSavedAloneIsOneTransactionWithItsAuthorAndItsInsertAfterTheLastSave(_ kind: StoreKind) throws {
        let store = try BehaviourStore(kind, for: [Memo.self, Binder.self])
        let container = try store.container()
        let context = ModelContext(container)
        context.insert(Memo(title: "first"))
        try context.save()
        context.author = "server"
        let memo = Memo(title: "alone")
        context.insert(memo)
        try context.save()
        let transactions = try Self.history(container)
        #expect(transactions.count == 2)
        #expect(transactions.last?.author == "server")
        #expect(transactions.last?.changes.map(\.changedPersistentIdentifier) == [memo.persistentModelID])
        #expect(transactions.last?.changes.map(Self.summary) == ["insert Memo"])
    }

    @Test(arguments: StoreKind.available(for: .history))
    func anUpdateNamesTheAttributeThatChanged(_ kind: StoreKind) throws {
        let store = try BehaviourStore(kind, for: [Memo.self, Binder.self])
        let container = try store.container()
        let context = ModelContext(container)
        let memo = Memo(title: "a")
        context.insert(memo)
        try context.save()
        memo.body = "edited"
        try context.save()
        #expect(try Self.history(container).last?.changes.map(Self.summary) == ["update Memo body"])
    }

    @Test(arguments: StoreKind.available(for: .history))
    func aDeletedModelsTombstoneKeepsItsPreservedValues(_ kind: StoreKind) throws {
        let store = try BehaviourStore(kind, for: [Memo.self, Binder.self])
        let container = try store.container()
        let context = ModelContext(container)
        let memo = Memo(title: "receipt", rank: 3, weight: 2.0, checksum: Data([0xCA, 0xFE]), body: "not kept")
        context.insert(memo)
        try context.save()
        context.delete(memo)
        try context.save()
        let change = try #require(try Self.history(container).last?.changes.first)
        guard case .delete(let delete as DefaultHistoryDelete<Memo>) = change else {
            Issue.record("expected a delete of a Memo, found \(Self.summary(change))")
            return
        }
        #expect(delete.tombstone[\.title] as? String == "receipt")
        #expect(delete.tombstone[\.rank] as? Int == 3)
        #expect(delete.tombstone[\.weight] as? Double == 2.0)
        #expect(delete.tombstone[\.checksum] as? Data == Data([0xCA, 0xFE]))
        #expect(delete.tombstone[\.body] == nil)
    }

    @Test(arguments: StoreKind.available(for: .history))
    func childrenDeletedByACascadeAppearAsDeletesWithTheirTombstones(_ kind: StoreKind) throws {
        let store = try BehaviourStore(kind, for: [Memo.self, Binder.self])
        let container = try store.container()
        let setUp = ModelContext(container)
        let binder = Binder(name: "old")
        setUp.insert(binder)
        binder.memos = [Memo(title: "one"), Memo(title: "two")]
        try setUp.save()
        let context = ModelContext(container)
        context.delete(try #require(try context.fetch(FetchDescriptor<Binder>()).first))
        try context.save()
        let changes = try #require(try Self.history(container).last?.changes)
        #expect(changes.map(Self.summary).sorted() == ["delete Binder", "delete Memo", "delete Memo"])
        let titles = changes.compactMap { change -> String? in
            guard case .delete(let delete as DefaultHistoryDelete<Memo>) = change else { return nil }
            return delete.tombstone[\.title] as? String
        }
        #expect(titles.sorted() == ["one", "two"])
    }

    @Test(arguments: StoreKind.available(for: .history))
    func aTokenReturnsExactlyTheTransactionsAfterIt(_ kind: StoreKind) throws {
        let store = try BehaviourStore(kind, for: [Memo.self, Binder.self])
        let container = try store.container()
        let context = ModelContext(container)
        context.insert(Memo(title: "before"))
        try context.save()
        let token = try #require(try Self.history(container).last?.token)
        let later = [Memo(title: "x"), Memo(title: "y")]
        later.forEach(context.insert)
        try context.save()
        later[0].body = "edited"
        try context.save()
        let after = try Self.history(container, #Predicate { $0.token > token })
        #expect(after.count == 2)
        #expect(after.flatMap(\.changes).map(\.changedPersistentIdentifier) == later.map(\.persistentModelID) + [later[0].persistentModelID])
    }

    @Test(arguments: StoreKind.available(for: .history))
    func transactionsOfTwoInstancesAreReadInTheOrderTheyWereSaved(_ kind: StoreKind) throws {
        let store = try BehaviourStore(kind, for: [Memo.self, Binder.self])
        let one = ModelContext(try store.container()), two = ModelContext(try store.container())
        one.author = "one"
        two.author = "two"
        for index in 0..<3 {
            one.insert(Memo(title: "one \(index)"))
            try one.save()
            two.insert(Memo(title: "two \(index)"))
            try two.save()
        }
        let transactions = try Self.history(try store.container())
        #expect(transactions.map(\.author) == ["one", "two", "one", "two", "one", "two"])
        #expect(transactions.map(\.token) == transactions.map(\.token).sorted())
    }

    @Test(arguments: StoreKind.available(for: .history))
    func deletingHistoryBeforeATokenKeepsTheRestAndExpiresTheOldToken(_ kind: StoreKind) throws {
        let store = try BehaviourStore(kind, for: [Memo.self, Binder.self])
        let container = try store.container()
        let context = ModelContext(container)
        for title in ["a", "b", "c", "d"] {
            context.insert(Memo(title: title))
            try context.save()
        }
        let all = try Self.history(container)
        let cut = all[2].token, old = all[0].token
        try context.deleteHistory(HistoryDescriptor<DefaultHistoryTransaction>(predicate: #Predicate { $0.token < cut }))
        #expect(try Self.history(container).map(\.token) == [all[2].token, all[3].token])
        #expect(throws: SwiftDataError.historyTokenExpired) {
            _ = try Self.history(container, #Predicate { $0.token > old })
        }
    }

    @Test(arguments: StoreKind.available(for: .history))
    func didSaveCarriesTheTokenOfTheTransactionTheSaveRecorded(_ kind: StoreKind) throws {
        let store = try BehaviourStore(kind, for: [Memo.self, Binder.self])
        let container = try store.container()
        let context = ModelContext(container)
        nonisolated(unsafe) var posted: Any?
        let observer = NotificationCenter.default.addObserver(forName: ModelContext.didSave, object: context, queue: nil) { notification in
            posted = notification.userInfo?[ModelContext.NotificationKey.historyTokens.rawValue]
        }
        defer { NotificationCenter.default.removeObserver(observer) }
        context.insert(Memo(title: "a"))
        try context.save()
        let token = try #require(posted as? DefaultHistoryToken)
        #expect(token == (try Self.history(container).last?.token))
        #expect(try Self.history(container, #Predicate { $0.token > token }).isEmpty)
    }

    @Test(arguments: StoreKind.available(for: .history))
    func aSaveWithoutChangesRecordsNoTransaction(_ kind: StoreKind) throws {
        let store = try BehaviourStore(kind, for: [Memo.self, Binder.self])
        let container = try store.container()
        let context = ModelContext(container)
        context.insert(Memo(title: "a"))
        try context.save()
        try context.save()
        #expect(try Self.history(container).count == 1)
    }

    @Test(arguments: StoreKind.available(for: .history))
    func aHistoryObserverCountsAnotherInstancesSave(_ kind: StoreKind) async throws {
        let store = try BehaviourStore(kind, for: [Memo.self, Binder.self])
        let container = try store.container()
        let observer = try HistoryObserver(modelContainer: container)
        let before = observer.eventCounter
        let other = try store.container()
        try await Task.detached {
            let context = ModelContext(other)
            context.insert(Memo(title: "elsewhere"))
            try context.save()
        }.value
        // Generous: the whole suite shares two cores, and the observer's task waits its turn.
        let deadline = ContinuousClock.now + .seconds(600)
        while observer.eventCounter == before, ContinuousClock.now < deadline {
            try await Task.sleep(for: .milliseconds(20))
        }
        #expect(observer.eventCounter > before)
    }
}

/// `context.update(_:where:set:)`: attributes set in the store in one statement.
@Suite struct BatchUpdateBehaviourTests {
    private static func saved(_ titles: [String], in store: BehaviourStore) throws -> ModelContainer {
        let container = try store.container()
        let context = ModelContext(container)
        for title in titles { context.insert(Memo(title: title)) }
        try context.save()
        return container
    }

    @Test(arguments: StoreKind.available(for: .batchUpdate))
    func aBatchUpdateSetsTheAttributeOnTheRowsThePredicateSelects(_ kind: StoreKind) throws {
        let store = try BehaviourStore(kind, for: [Memo.self, Binder.self])
        let container = try Self.saved(["a", "b", "c"], in: store)
        let updated = try ModelContext(container).update(Memo.self, where: #Predicate { $0.title != "b" }, set: [.set(\.rank, to: 9)])
        #expect(updated == 2)
        let memos = try ModelContext(try store.container()).fetch(FetchDescriptor<Memo>(sortBy: [SortDescriptor(\.title)]))
        #expect(memos.map(\.rank) == [9, 0, 9])
    }

    @Test(arguments: StoreKind.available(for: .batchUpdate))
    func aModelTheContextHoldsTakesTheValueABatchUpdateSet(_ kind: StoreKind) throws {
        let store = try BehaviourStore(kind, for: [Memo.self, Binder.self])
        let container = try Self.saved(["a"], in: store)
        let context = ModelContext(container)
        let memo = try #require(try context.fetch(FetchDescriptor<Memo>()).first)
        try context.update(Memo.self, set: [.set(\.body, to: "set in the store")])
        #expect(memo.body == "set in the store")
        #expect(!context.hasChanges)
    }

    @Test(arguments: StoreKind.available(for: .batchUpdate).filter { $0.has(.history) })
    func aBatchUpdateRecordsAnUpdateOfEachRowNamingTheAttributeSet(_ kind: StoreKind) throws {
        let store = try BehaviourStore(kind, for: [Memo.self, Binder.self])
        let container = try Self.saved(["a", "b", "c"], in: store)
        let context = ModelContext(container)
        context.author = "batch"
        try context.update(Memo.self, where: #Predicate { $0.title != "b" }, set: [.set(\.rank, to: 9)])
        let last = try #require(try ModelContext(container).fetchHistory(HistoryDescriptor<DefaultHistoryTransaction>()).last)
        #expect(last.author == "batch")
        let names = last.changes.compactMap { change -> [String]? in
            guard case .update(let update as DefaultHistoryUpdate<Memo>) = change else { return nil }
            return update.updatedAttributes.map { $0 == \Memo.rank ? "rank" : "other" }
        }
        #expect(names == [["rank"], ["rank"]])
    }
}
