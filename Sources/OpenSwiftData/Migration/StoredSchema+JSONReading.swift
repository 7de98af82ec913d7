// The recorded schema read back from its JSON, by hand as it is written
// (`StoredSchema+JSON.swift`): a migration's open reads it once, and `JSONDecoder`'s
// first decode in a process cost a quarter of a small migration (BENCHMARKS.md, W8).
// It reads what `JSONDecoder` reads for the `Codable` types: members in any order,
// unknown members ignored, an absent or null `inverse` as none.
extension StoredSchema {
    package init(json: String) throws {
        let tree: JSONTree
        do { tree = try JSONTree(parsing: json) } catch { throw ReadingError(problem: "it is not JSON: \(error)") }
        var reader = Reader(path: "the schema")
        let members = try reader.object(tree)
        entities = try reader.array(members, "entities") { reader, entity in try StoredEntity(entity, reader: &reader) }
    }

    /// What is wrong with a recorded schema, in words: where in the document, and what.
    package struct ReadingError: Error, CustomStringConvertible {
        package let problem: String
        package var description: String { problem }
    }

    /// Reads members and says where it is when one is missing or of the wrong kind.
    fileprivate struct Reader {
        var path: String

        func fail(_ problem: String) -> ReadingError { ReadingError(problem: "\(path) \(problem)") }

        func object(_ tree: JSONTree) throws -> [String: JSONTree] {
            guard case .object(let members) = tree else { throw fail("is not an object") }
            return members
        }

        func member(_ members: [String: JSONTree], _ name: String) throws -> JSONTree {
            guard let value = members[name] else { throw fail("has no \"\(name)\"") }
            return value
        }

        func string(_ members: [String: JSONTree], _ name: String) throws -> String {
            guard case .string(let value) = try member(members, name) else { throw fail("has a \"\(name)\" that is not a string") }
            return value
        }

        func optionalString(_ members: [String: JSONTree], _ name: String) throws -> String? {
            switch members[name] {
            case nil, .null?: return nil
            case .string(let value)?: return value
            default: throw fail("has a \"\(name)\" that is neither a string nor null")
            }
        }

        func bool(_ members: [String: JSONTree], _ name: String) throws -> Bool {
            guard case .bool(let value) = try member(members, name) else { throw fail("has a \"\(name)\" that is not true or false") }
            return value
        }

        mutating func array<Element>(_ members: [String: JSONTree], _ name: String,
                                     _ read: (inout Reader, [String: JSONTree]) throws -> Element) throws -> [Element] {
            guard case .array(let elements) = try member(members, name) else { throw fail("has a \"\(name)\" that is not an array") }
            let outer = path
            defer { path = outer }
            var result: [Element] = []
            result.reserveCapacity(elements.count)
            for (index, element) in elements.enumerated() {
                path = "\(outer)'s \"\(name)\" number \(index + 1)"
                result.append(try read(&self, try object(element)))
            }
            return result
        }

        func nameLists(_ members: [String: JSONTree], _ name: String) throws -> [[String]] {
            guard case .array(let lists) = try member(members, name) else { throw fail("has a \"\(name)\" that is not an array") }
            var result: [[String]] = []
            for list in lists {
                guard case .array(let names) = list else { throw fail("has a \"\(name)\" that is not an array of arrays of names") }
                var strings: [String] = []
                for element in names {
                    guard case .string(let string) = element else { throw fail("has a \"\(name)\" that is not an array of arrays of names") }
                    strings.append(string)
                }
                result.append(strings)
            }
            return result
        }
    }
}

extension StoredEntity {
    fileprivate init(_ members: [String: JSONTree], reader: inout StoredSchema.Reader) throws {
        name = try reader.string(members, "name")
        reader.path = "the entity \(name)"
        attributes = try reader.array(members, "attributes") { reader, attribute in try StoredAttribute(attribute, reader: reader) }
        relationships = try reader.array(members, "relationships") { reader, relationship in
            try StoredRelationship(relationship, reader: &reader)
        }
        uniquenessConstraints = try reader.nameLists(members, "uniquenessConstraints")
        indices = try reader.nameLists(members, "indices")
    }
}

extension StoredAttribute {
    fileprivate init(_ members: [String: JSONTree], reader: StoredSchema.Reader) throws {
        name = try reader.string(members, "name")
        columnType = try reader.string(members, "columnType")
        valueType = try reader.string(members, "valueType")
        encoding = try reader.string(members, "encoding")
        isOptional = try reader.bool(members, "isOptional")
    }
}

extension StoredRelationship {
    fileprivate init(_ members: [String: JSONTree], reader: inout StoredSchema.Reader) throws {
        name = try reader.string(members, "name")
        destination = try reader.string(members, "destination")
        isToOne = try reader.bool(members, "isToOne")
        isOptional = try reader.bool(members, "isOptional")
        inverse = try reader.optionalString(members, "inverse")
        let outer = reader.path
        reader.path = "\(outer)'s \"storage\""
        storage = try Storage(try reader.object(try reader.member(members, "storage")), reader: reader)
        reader.path = outer
    }
}

extension StoredRelationship.Storage {
    /// As `Codable` synthesises an enum with associated values: one member named for the
    /// case, holding its values by label.
    fileprivate init(_ members: [String: JSONTree], reader: StoredSchema.Reader) throws {
        guard members.count == 1, let (kind, value) = members.first else {
            throw reader.fail("does not hold exactly one of \"foreignKey\", \"inverseForeignKey\" and \"joinTable\"")
        }
        let values = try reader.object(value)
        switch kind {
        case "foreignKey": self = .foreignKey(ordered: try reader.bool(values, "ordered"))
        case "inverseForeignKey": self = .inverseForeignKey
        case "joinTable": self = .joinTable(name: try reader.string(values, "name"), isOwner: try reader.bool(values, "isOwner"))
        default: throw reader.fail("names an unknown kind of storage, \"\(kind)\"")
        }
    }
}
