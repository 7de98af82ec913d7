import Foundation

/// What a merge changed.
public struct TemplateMergeResult: Equatable, Sendable, Codable {
    public var benefitsAdded = 0
    public var benefitsRetired = 0
    /// Retired benefits whose template is in the catalog again, active again.
    public var benefitsRestored = 0
    /// Cards whose template left the catalog.
    public var cardsRetired = 0
    public init() {}
}
