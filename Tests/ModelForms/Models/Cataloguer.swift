import Foundation
import OpenSwiftData

/// Background work on its own context, handing back identifiers.
@ModelActor
actor Cataloguer {
    func add(titles: [String]) throws -> [PersistentIdentifier] {
        let tomes = titles.enumerated().map { Tome(isbn: "isbn-\($0.offset)", title: $0.element) }
        tomes.forEach(modelContext.insert)
        try modelContext.save()
        return tomes.map(\.persistentModelID)
    }

    func title(of identifier: PersistentIdentifier) -> String? {
        (self[identifier, as: Tome.self])?.title
    }
}
