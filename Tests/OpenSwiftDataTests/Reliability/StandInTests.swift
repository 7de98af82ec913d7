import Foundation
import FaultInjection
import GRDB
@testable import OpenSwiftData
import Testing

/// A corner of a plot: a `Codable` struct, stored as JSON, whose type has no zero value
/// SQLite could give (it decodes from no JSON literal).
struct Corner: Codable, Equatable {
    var x: Int
    var y: Int
    var label: String?
    var site: URL
}

@Model final class Plot {
    var name: String
    var corner: Corner
    init(name: String, corner: Corner) { self.name = name; self.corner = corner }
}

/// A model with a `let` attribute, which a stand-in must still be able to build.
@Model final class Seal {
    let serial: String
    var name: String
    init(serial: String, name: String) { self.serial = serial; self.name = name }
}

@Model final class Parcel {
    var seal: Seal
    init(seal: Seal) { self.seal = seal }
}

/// An outline: an enum with associated values, whose type has no zero value.
enum Outline: Codable, Equatable {
    case circle(radius: Double)
    case square(side: Double)
}

@Model final class Sketch {
    var title: String
    var outline: Outline
    var margin: Outline = Outline.square(side: 1)
    init(title: String, outline: Outline) { self.title = title; self.outline = outline }
}

/// Reads that used to stop the program because no stand-in value or model could be
/// made: here they give one, and the failure is logged (and thrown by the next save
/// or fetch when the model has a context).
@Suite struct StandInTests {
    let store = TestStore()

    @Test func aCodableAttributeWithoutADefaultThatCannotBeDecodedReadsAsZeros() throws {
        let container = try store.container(Plot.self)
        let writer = ModelContext(container)
        writer.insert(Plot(name: "north", corner: Corner(x: 3, y: 4, label: "gate", site: URL(fileURLWithPath: "/farm"))))
        try writer.save()
        let context = ModelContext(container)
        var descriptor = FetchDescriptor<Plot>()
        descriptor.propertiesToFetch = [\.name]
        let plot = try #require(try context.fetch(descriptor).first)
        let raw = try DatabaseQueue(path: store.url.path)
        try raw.write { db in try db.execute(sql: "UPDATE Plot SET corner = 'not json'") }
        try raw.close()
        #expect(plot.corner == Corner(x: 0, y: 0, label: nil, site: URL(fileURLWithPath: "/")))
        #expect { try context.fetch(FetchDescriptor<Plot>()) } throws: { error in
            guard case let .corruptValue(entity, property, _) = OpenSwiftDataError(explaining: error)?.kind else { return false }
            return entity == "Plot" && property == "corner"
        }
    }

    @Test func aStandInOfAModelWithALetAttributeIsMade() throws {
        let container = try store.container(Seal.self, Parcel.self)
        let writer = ModelContext(container)
        writer.insert(Parcel(seal: Seal(serial: "S-1", name: "penny black")))
        try writer.save()
        let raw = try DatabaseQueue(path: store.url.path)
        try raw.write { db in try db.execute(sql: "PRAGMA foreign_keys = OFF; DELETE FROM Seal") }
        try raw.close()
        let context = ModelContext(container)
        let parcel = try #require(try context.fetch(FetchDescriptor<Parcel>()).first)
        #expect(parcel.seal.serial == "")
        #expect(parcel.seal.name == "")
        #expect(parcel.seal.isDeleted)
    }

    @Test func modelForAnIdentifierWhenTheStoreCannotBeReadIsAStandIn() throws {
        #expect(fault_injection_install() == 0)
        let writer = ModelContext(try store.container(Trunk.self, Leaf.self))
        let trunk = Trunk(name: "birch")
        writer.insert(trunk)
        try writer.save()
        // A new container's first read opens a connection, which must read the file.
        let context = ModelContext(try store.container(Trunk.self, Leaf.self))
        let prefix = store.directory.path + "/"
        fault_injection_arm(prefix, FAULT_ON_READ, 0, ResultCode.SQLITE_IOERR_READ.rawValue)
        defer { fault_injection_clear(prefix) }
        let standIn = try #require(context.model(for: trunk.persistentModelID) as? Trunk)
        #expect(standIn.name == "")
        #expect(standIn.isDeleted)
        #expect(fault_injection_failures(prefix) > 0)
        #expect(throws: OpenSwiftDataError.storeIOError(path: store.url.path, operation: .reading)) { try context.save() }
    }

    @Test func theRequiredToOneOfAModelASaveDeletedReadsAsAStandIn() throws {
        let container = try store.container(Trunk.self, Leaf.self)
        let writer = ModelContext(container)
        writer.insert(Leaf(name: "leaf", trunk: Trunk(name: "birch")))
        try writer.save()
        let context = ModelContext(container)
        let leaf = try #require(try context.fetch(FetchDescriptor<Leaf>()).first)
        context.delete(leaf)
        try context.save()
        #expect(leaf.trunk.name == "")
        #expect(leaf.trunk.isDeleted)
    }

    @Test func modelForTheIdentifierOfADeletedModelWithALetAttributeIsAStandIn() throws {
        let container = try store.container(Seal.self, Parcel.self)
        let writer = ModelContext(container)
        let seal = Seal(serial: "S-2", name: "inverted jenny")
        writer.insert(seal)
        try writer.save()
        let id = seal.persistentModelID
        writer.delete(seal)
        try writer.save()
        let standIn = try #require(ModelContext(container).model(for: id) as? Seal)
        #expect(standIn.serial == "")
        #expect(standIn.isDeleted)
    }

    @Test func anAttributeWithNeitherADefaultNorAZeroIsNamedBeforeAnyDataIsRead() throws {
        let entity = try #require(Schema([Sketch.self]).entities.first)
        #expect(entity.attributesWithoutStandIn == ["outline"])
    }

    @Test func attributesWithADefaultOrAZeroAreNotNamed() throws {
        let entities = Schema([Plot.self, Seal.self, Parcel.self]).entities
        #expect(entities.count == 3)
        #expect(entities.allSatisfy { $0.attributesWithoutStandIn.isEmpty })
    }
}
