import Foundation
import JSONText

public struct CardDatabase: Codable, Sendable {
    public let schemaVersion: Int
    public let dataVersion: String
    public let lastUpdated: Date
    public let cards: [CardTemplate]

    public init(schemaVersion: Int, dataVersion: String, lastUpdated: Date, cards: [CardTemplate]) {
        self.schemaVersion = schemaVersion
        self.dataVersion = dataVersion
        self.lastUpdated = lastUpdated
        self.cards = cards
    }

    // MARK: - Convenience

    public func card(for id: UUID) -> CardTemplate? {
        cards.first { $0.id == id }
    }

    public func benefit(for id: UUID) -> BenefitTemplate? {
        for card in cards {
            if let benefit = card.benefits.first(where: { $0.id == id }) {
                return benefit
            }
        }
        return nil
    }

    public var activeCards: [CardTemplate] {
        cards.filter { $0.isActive }
    }

    public var cardsByIssuer: [String: [CardTemplate]] {
        Dictionary(grouping: activeCards, by: { $0.issuer })
    }
}

// MARK: - Decoding with checks
extension CardDatabase {
    enum CodingKeys: String, CodingKey {
        case schemaVersion, dataVersion, lastUpdated, cards
    }

    public init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        schemaVersion = try container.decode(Int.self, forKey: .schemaVersion)
        if schemaVersion != 1 {
            throw TemplateProblem(container.codingPath + [CodingKeys.schemaVersion],
                                  "version \(schemaVersion) is not one this app reads (it reads version 1)")
        }
        dataVersion = try container.decode(String.self, forKey: .dataVersion)
        guard let lastUpdated = try container.moment(.lastUpdated) else {
            throw DecodingError.keyNotFound(CodingKeys.lastUpdated, .init(codingPath: container.codingPath, debugDescription: ""))
        }
        self.lastUpdated = lastUpdated
        cards = try container.decode([CardTemplate].self, forKey: .cards)
        // Template ids are what user data points at, so each must name one thing.
        var seen = Set<UUID>()
        for (cardIndex, card) in cards.enumerated() {
            if !seen.insert(card.id).inserted {
                throw TemplateProblem([CodingKeys.cards, IndexKey(cardIndex), CardTemplate.CodingKeys.id],
                                      "the id \(card.id.uuidString) appears twice")
            }
            for (index, benefit) in card.benefits.enumerated() where !seen.insert(benefit.id).inserted {
                throw TemplateProblem([CodingKeys.cards, IndexKey(cardIndex), CardTemplate.CodingKeys.benefits, IndexKey(index),
                                       BenefitTemplate.CodingKeys.id], "the id \(benefit.id.uuidString) appears twice")
            }
        }
    }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(schemaVersion, forKey: .schemaVersion)
        try container.encode(dataVersion, forKey: .dataVersion)
        try container.encode(ISO8601DateFormatter().string(from: lastUpdated), forKey: .lastUpdated)
        try container.encode(cards, forKey: .cards)
    }
}

// MARK: - Loading
extension CardDatabase {
    /// The catalog bundled with the app.
    public static func bundled(now: Date) throws -> CardDatabase {
        guard let url = Bundle.module.url(forResource: "CardTemplates", withExtension: "json") else {
            throw TemplateError.unreadable(file: "CardTemplates.json", reason: "the app's bundled copy is missing; reinstall the app")
        }
        return try load(from: url, now: now)
    }

    /// The catalog in a file a user names. `now` stands for a card's missing `lastUpdated`.
    public static func load(from url: URL, now: Date) throws -> CardDatabase {
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            let exists = FileManager.default.fileExists(atPath: url.path)
            throw TemplateError.unreadable(file: url.path, reason: exists ? "it cannot be opened" : "there is no such file")
        }
        return try decode(data, file: url.path, now: now)
    }

    /// Throws what ``decode(_:file:now:)`` throws for the whole file when `start`, its first
    /// part, already holds the problem (a log given as a template file).
    public static func refuseStart(_ start: Data, file: String, now: Date) throws {
        if TextStart.jsonHasProblem(start) { _ = try decode(start, file: file, now: now) }
    }

    /// The catalog in `data`, read from `file` (named in errors).
    public static func decode(_ text: Data, file: String, now: Date) throws -> CardDatabase {
        let data: Data
        do {
            data = try JSONText.checked(text)
        } catch {
            if error.isEmptyFile { throw TemplateError.emptyFile(file: file) }
            if error.isSyntax { throw TemplateError.notJSON(file: file, line: error.line, reason: error.reason) }
            throw TemplateError.invalid(file: file, keyPath: error.dottedPath, problem: error.reason)
        }
        if let refusal = AppFile.refusal(of: data, expected: .couponTrackerTemplates) {
            throw TemplateError.invalid(file: file, keyPath: "", problem: refusal)
        }
        let decoder = JSONDecoder()
        if let key = CodingUserInfoKey.templateDefaultDate { decoder.userInfo[key] = now }
        do {
            return try decoder.decode(CardDatabase.self, from: data)
        } catch let problem as TemplateProblem {
            throw TemplateError.invalid(file: file, keyPath: problem.keyPath, problem: problem.problem)
        } catch let error as DecodingError {
            if case let .dataCorrupted(context) = error, context.codingPath.isEmpty {
                throw TemplateError.numberDoesNotFit(file: file)
            }
            let problem = TemplateProblem(error)
            throw TemplateError.invalid(file: file, keyPath: problem.keyPath, problem: problem.problem)
        }
    }
}
