import Foundation

public enum GradingCompany: String, Codable, CaseIterable, Sendable {
    case psa = "PSA"
    case bgs = "BGS"
    case cgc = "CGC"
    case sgc = "SGC"
}
