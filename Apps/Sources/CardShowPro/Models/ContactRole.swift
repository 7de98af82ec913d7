import Foundation

public enum ContactRole: String, Codable, CaseIterable, Sendable {
    case customer = "Customer"
    case vendor = "Vendor"
    case distributor = "Distributor"
}
