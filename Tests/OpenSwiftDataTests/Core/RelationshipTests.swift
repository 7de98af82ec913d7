import Foundation
import OpenSwiftData
import Testing

@Suite struct RelationshipTests {
    @Test func settingToOneAppendsToTheInverseToManyBeforeSave() throws {
        let author = Author(name: "Le Guin")
        let book = Book(title: "The Dispossessed")
        book.author = author
        #expect(author.books.map(\.title) == ["The Dispossessed"])
    }

    @Test func appendingToToManySetsTheInverseToOne() throws {
        let author = Author(name: "Le Guin")
        let book = Book(title: "Lathe of Heaven")
        author.books.append(book)
        #expect(book.author === author)
    }

    @Test func movingAChildRemovesItFromTheOldParent() throws {
        let first = Author(name: "A"), second = Author(name: "B")
        let book = Book(title: "T", author: first)
        book.author = second
        #expect(first.books.isEmpty)
        #expect(second.books.map(\.title) == ["T"])
    }

    @Test func removingFromToManyClearsTheInverse() throws {
        let author = Author(name: "A")
        let book = Book(title: "T", author: author)
        author.books.removeAll()
        #expect(book.author == nil)
    }

    @Test func inverseIsInferredWhenOnlyOneRelationshipPointsBack() throws {
        let library = Library(name: "Central")
        let shelf = Shelf(code: "A1")
        shelf.library = library
        #expect(library.shelves?.map(\.code) == ["A1"])
        let entity = try #require(Schema([Library.self]).entitiesByName["Library"])
        #expect(entity.relationshipsByName["shelves"]?.inverseName == "library")
    }

    @Test func manyToManyUpdatesBothSides() throws {
        let book = Book(title: "T")
        let tag = Tag(label: "sf")
        book.tags.append(tag)
        #expect(tag.books.map(\.title) == ["T"])
        tag.books.removeAll()
        #expect(book.tags.isEmpty)
    }

    @Test func oneToOneKeepsBothSidesInStep() throws {
        let person = Person(name: "P"), other = Person(name: "Q")
        let passport = Passport(number: "X1")
        person.passport = passport
        #expect(passport.holder === person)
        other.passport = passport
        #expect(passport.holder === other)
        #expect(person.passport == nil)
    }

    @Test func insertingAParentInsertsTheModelsItHolds() throws {
        let context = ModelContext(try inMemoryContainer(Author.self))
        let author = Author(name: "A")
        author.books = [Book(title: "1"), Book(title: "2")]
        context.insert(author)
        #expect(context.insertedModelsArray.count == 3)
    }

    @Test func toManyRelationshipsSurviveSaveAndFetchInAnotherContext() throws {
        let container = try inMemoryContainer(Author.self)
        let context = ModelContext(container)
        let author = Author(name: "A")
        author.books = [Book(title: "1"), Book(title: "2")]
        context.insert(author)
        try context.save()
        let reader = ModelContext(container)
        let fetched = try reader.fetch(FetchDescriptor<Author>())
        #expect(fetched.first?.books.map(\.title) == ["1", "2"])
        #expect(fetched.first?.books.first?.author === fetched.first)
    }

    @Test func toManyOrderIsPreservedAcrossSaveAndFetch() throws {
        let store = TestStore()
        do {
            let context = ModelContext(try store.container(Author.self))
            let author = Author(name: "A")
            context.insert(author)
            author.books = ["c", "a", "d", "b"].map { Book(title: $0) }
            try context.save()
            author.books.swapAt(0, 3)
            try context.save()
        }
        let reader = ModelContext(try store.container(Author.self))
        let author = try reader.fetch(FetchDescriptor<Author>()).first
        #expect(author?.books.map(\.title) == ["b", "a", "d", "c"])
    }

    @Test func manyToManyOrderIsPreservedOnEachSide() throws {
        let store = TestStore()
        do {
            let context = ModelContext(try store.container(Book.self))
            let one = Book(title: "one"), two = Book(title: "two")
            let x = Tag(label: "x"), y = Tag(label: "y")
            context.insert(one); context.insert(two)
            one.tags = [y, x]
            two.tags = [x]
            try context.save()
        }
        let context = ModelContext(try store.container(Book.self))
        let books = try context.fetch(FetchDescriptor<Book>(sortBy: [SortDescriptor(\.title)]))
        #expect(books.map { $0.tags.map(\.label) } == [["y", "x"], ["x"]])
        let tags = try context.fetch(FetchDescriptor<Tag>(sortBy: [SortDescriptor(\.label)]))
        #expect(tags.map { Set($0.books.map(\.title)) } == [["one", "two"], ["one"]])
    }

    @Test func selfReferentialRelationshipsRoundTrip() throws {
        let container = try inMemoryContainer(Person.self)
        let context = ModelContext(container)
        let parent = Person(name: "parent")
        parent.children = [Person(name: "a"), Person(name: "b")]
        context.insert(parent)
        try context.save()
        let reader = ModelContext(container)
        let people = try reader.fetch(FetchDescriptor<Person>(predicate: #Predicate { $0.name == "parent" }))
        #expect(people.first?.children.map(\.name) == ["a", "b"])
        #expect(people.first?.children.first?.parent === people.first)
    }

    @Test func unidirectionalToManyRoundTrips() throws {
        let container = try inMemoryContainer(Playlist.self)
        let context = ModelContext(container)
        let list = Playlist(name: "p")
        list.books = [Book(title: "2"), Book(title: "1")]
        context.insert(list)
        try context.save()
        let reader = ModelContext(container)
        let fetched = try reader.fetch(FetchDescriptor<Playlist>())
        #expect(fetched.first?.books.map(\.title) == ["2", "1"])
    }

    @Test func toOneReadsAsAFaultUntilAccessed() throws {
        let container = try inMemoryContainer(Book.self)
        let context = ModelContext(container)
        context.insert(Book(title: "T", author: Author(name: "A")))
        try context.save()
        let other = ModelContext(container)
        let book = try #require(try other.fetch(FetchDescriptor<Book>()).first)
        #expect(book.author?.name == "A")
        #expect(try other.fetch(FetchDescriptor<Author>()).first === book.author)
    }
}

@Suite struct OneToOneStorageTests {
    @Test func aOneToOneKeepsItsKeyOnOneSideOnly() throws {
        let store = TestStore()
        _ = try store.container(Person.self)
        let inspector = try SQLiteInspector(url: store.url)
        #expect(try inspector.columns(of: "Passport").contains("holder"))
        #expect(try !inspector.columns(of: "Person").contains("passport"))
    }

    @Test func theSideWithoutAKeyLoadsThroughTheOtherSide() throws {
        let container = try inMemoryContainer(Person.self)
        let context = ModelContext(container)
        let person = Person(name: "P")
        person.passport = Passport(number: "X1")
        context.insert(person)
        try context.save()
        let reader = ModelContext(container)
        let people = try reader.fetch(FetchDescriptor<Person>())
        #expect(people.first?.passport?.number == "X1")
        #expect(people.first?.passport?.holder === people.first)
    }
}
