import Foundation
import NameText

public struct CardTemplate: Codable, Identifiable, Hashable, Sendable {
    public let id: UUID
    public let name: String
    public let issuer: String
    public let artworkAsset: String
    public let annualFee: Decimal?
    public let primaryColorHex: String
    public let secondaryColorHex: String
    public let isActive: Bool
    public let lastUpdated: Date
    public let benefits: [BenefitTemplate]

    public init(id: UUID, name: String, issuer: String, artworkAsset: String = "", annualFee: Decimal? = nil,
                primaryColorHex: String = "#1a1a2e", secondaryColorHex: String = "#4a4e69", isActive: Bool = true,
                lastUpdated: Date, benefits: [BenefitTemplate]) {
        self.id = id
        self.name = name
        self.issuer = issuer
        self.artworkAsset = artworkAsset
        self.annualFee = annualFee
        self.primaryColorHex = primaryColorHex
        self.secondaryColorHex = secondaryColorHex
        self.isActive = isActive
        self.lastUpdated = lastUpdated
        self.benefits = benefits
    }

    // MARK: - Computed Properties

    public var totalAnnualValue: Decimal {
        benefits.reduce(Decimal.zero) { total, benefit in
            total + benefit.annualValue
        }
    }

    public var hasBundledArtwork: Bool {
        !artworkAsset.isEmpty
    }

    // MARK: - Hashable
    public func hash(into hasher: inout Hasher) {
        hasher.combine(id)
    }

    public static func == (lhs: CardTemplate, rhs: CardTemplate) -> Bool {
        lhs.id == rhs.id
    }
}

// MARK: - CodingKeys with defaults
extension CardTemplate {
    enum CodingKeys: String, CodingKey {
        case id, name, issuer, artworkAsset, annualFee
        case primaryColorHex = "primaryColor"
        case secondaryColorHex = "secondaryColor"
        case isActive, lastUpdated, benefits
    }

    public init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)

        id = try container.uuid(.id)
        name = try container.decode(String.self, forKey: .name)
        if name.trimmingCharacters(in: .whitespaces).isEmpty {
            throw TemplateProblem(container.codingPath + [CodingKeys.name], "a card needs a name")
        }
        if let problem = NameLineBreak(in: name) { throw TemplateProblem(container.codingPath + [CodingKeys.name], problem.reason) }
        issuer = try container.decode(String.self, forKey: .issuer)
        artworkAsset = try container.decodeIfPresent(String.self, forKey: .artworkAsset) ?? ""
        annualFee = try container.decodeIfPresent(Decimal.self, forKey: .annualFee)
        // Amounts are from 0 to 999,999.99 wherever they come from (`Wallet.values`).
        if let fee = annualFee, !Wallet.values.contains(fee) {
            throw TemplateProblem(container.codingPath + [CodingKeys.annualFee],
                                  "an annual fee of \(fee) is out of range: an annual fee is from 0 to 999,999.99")
        }
        primaryColorHex = try container.decodeIfPresent(String.self, forKey: .primaryColorHex) ?? "#1a1a2e"
        secondaryColorHex = try container.decodeIfPresent(String.self, forKey: .secondaryColorHex) ?? "#4a4e69"
        isActive = try container.decodeIfPresent(Bool.self, forKey: .isActive) ?? true
        // The seed's default is `Date()`; the loader passes its "now" instead, so that
        // loading the same file twice gives the same catalog.
        lastUpdated = try container.moment(.lastUpdated)
            ?? CodingUserInfoKey.templateDefaultDate.flatMap { decoder.userInfo[$0] as? Date } ?? Date()
        benefits = try container.decode([BenefitTemplate].self, forKey: .benefits)
        var seen = Set<UUID>()
        for (index, benefit) in benefits.enumerated() where !seen.insert(benefit.id).inserted {
            throw TemplateProblem(container.codingPath + [CodingKeys.benefits, IndexKey(index), BenefitTemplate.CodingKeys.id],
                                  "the benefit id \(benefit.id.uuidString) appears twice")
        }
    }

    /// Encodes dates as the file writes them, whatever the encoder's strategy.
    public func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(name, forKey: .name)
        try container.encode(issuer, forKey: .issuer)
        try container.encode(artworkAsset, forKey: .artworkAsset)
        try container.encodeIfPresent(annualFee, forKey: .annualFee)
        try container.encode(primaryColorHex, forKey: .primaryColorHex)
        try container.encode(secondaryColorHex, forKey: .secondaryColorHex)
        try container.encode(isActive, forKey: .isActive)
        try container.encode(ISO8601DateFormatter().string(from: lastUpdated), forKey: .lastUpdated)
        try container.encode(benefits, forKey: .benefits)
    }
}
