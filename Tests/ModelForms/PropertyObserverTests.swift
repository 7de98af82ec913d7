import Foundation
import OpenSwiftData
import Testing

/// `willSet` and `didSet` on persisted properties run when user code sets the
/// property, and not when the engine loads, refreshes or rolls back values.
@Suite struct PropertyObserverTests {
    @Test func didSetRunsWithTheOldValueWhenCodeSetsTheProperty() {
        let draft = Draft(title: "first")
        draft.title = "second"
        #expect(draft.previousTitles == ["first"])
        #expect(draft.revision == 1)
    }

    @Test func initialiserGivingTheFirstValueRunsNoObserver() {
        let draft = Draft(title: "first")
        #expect(draft.previousTitles.isEmpty)
        #expect(draft.revision == 0)
    }

    @Test func willSetSeesTheNewValueBeforeItIsStored() {
        let draft = Draft(title: "first")
        draft.status = "review"
        #expect(draft.announcedStatus == "review")
        #expect(draft.status == "review")
    }

    @Test func whatDidSetChangesIsSaved() throws {
        let store = TestStore()
        do {
            let context = ModelContext(try store.container(Draft.self))
            let draft = Draft(title: "first")
            context.insert(draft)
            try context.save()
            draft.title = "second"
            try context.save()
        }
        let context = ModelContext(try store.container(Draft.self))
        let drafts = try context.fetch(FetchDescriptor<Draft>())
        try #require(drafts.count == 1)
        #expect(drafts[0].revision == 1)
        #expect(drafts[0].title == "second")
    }

    @Test func readingAModelBackRunsNoObserverAndLeavesItUnchanged() throws {
        let store = TestStore()
        do {
            let context = ModelContext(try store.container(Draft.self))
            context.insert(Draft(title: "first"))
            try context.save()
        }
        let context = ModelContext(try store.container(Draft.self))
        let drafts = try context.fetch(FetchDescriptor<Draft>())
        try #require(drafts.count == 1)
        #expect(drafts[0].title == "first")
        #expect(drafts[0].previousTitles.isEmpty)
        #expect(drafts[0].announcedStatus == nil)
        #expect(!context.hasChanges)
    }

    @Test func rollbackRestoresValuesWithoutRunningObservers() throws {
        let context = ModelContext(try inMemoryContainer(Draft.self))
        let draft = Draft(title: "first")
        context.insert(draft)
        try context.save()
        draft.title = "second"
        draft.status = "review"
        context.rollback()
        #expect(draft.title == "first")
        #expect(draft.status == "new")
        #expect(draft.previousTitles == ["first"])
        #expect(draft.announcedStatus == "review")
    }

    @Test func settingAPropertyOfAFetchedModelRunsDidSetWithTheStoredValue() throws {
        let store = TestStore()
        do {
            let context = ModelContext(try store.container(Draft.self))
            context.insert(Draft(title: "first"))
            try context.save()
        }
        let context = ModelContext(try store.container(Draft.self))
        let drafts = try context.fetch(FetchDescriptor<Draft>())
        try #require(drafts.count == 1)
        drafts[0].title = "second"
        #expect(drafts[0].previousTitles == ["first"])
        #expect(drafts[0].revision == 1)
    }

    @Test func keepingTheInverseInStepRunsNoObserverOnTheOtherSide() throws {
        let context = ModelContext(try inMemoryContainer(Crate.self, Bottle.self))
        let crate = Crate(label: "reds")
        let bottle = Bottle(wine: "Rioja")
        context.insert(crate)
        context.insert(bottle)
        bottle.crate = crate
        #expect(crate.bottles.map(\.wine) == ["Rioja"])
        #expect(bottle.crateChanges == 1)
        #expect(crate.bottleChanges == 0)
    }

    @Test func willSetAndDidSetOnOnePropertyRunInOrderWithANamedOldValue() {
        let draft = Draft(title: "first")
        draft.status = "review"
        #expect(draft.announcedStatus == "review")
        #expect(draft.statusChanges == ["new -> review"])
    }

    @Test func didSetOfAnOptionalReceivesANilOldValue() {
        let draft = Draft(title: "first")
        draft.subtitle = "a"
        draft.subtitle = nil
        #expect(draft.previousSubtitles == [nil, "a"])
    }
}
