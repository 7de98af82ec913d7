import Foundation

/// The file formats of export and import.
public enum ExchangeFormat: String, CaseIterable, Sendable {
    case json
    case csv

    /// The format a file's extension names, if it names one.
    public init?(pathExtension: String) {
        self.init(rawValue: pathExtension.lowercased())
    }
}

/// Called as records are processed: how many so far, of how many.
public typealias ProgressHandler = (_ completed: Int, _ total: Int) -> Void
