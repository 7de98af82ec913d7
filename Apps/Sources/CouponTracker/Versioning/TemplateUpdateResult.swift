import Foundation

public enum TemplateUpdateResult: Sendable {
    case initialLoad([CardTemplate])
    case noUpdates
    case updatesAvailable(String)
}
