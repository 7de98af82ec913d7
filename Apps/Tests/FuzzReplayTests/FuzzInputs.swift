import Foundation

/// The checked-in inputs of a fuzz target: its seed corpus, `Fuzz/Corpus/TARGET`, and
/// the inputs of its earlier findings, kept as regression inputs in `Fuzz/Regressions/TARGET`.
enum FuzzInputs {
    static let fuzzFolder = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()  // FuzzReplayTests
        .deletingLastPathComponent()  // Tests
        .deletingLastPathComponent()  // Apps
        .deletingLastPathComponent()
        .appendingPathComponent("Fuzz")

    static func corpus(_ target: String) throws -> [(name: String, data: Data)] {
        try files(in: fuzzFolder.appendingPathComponent("Corpus/\(target)"))
    }

    static func regressions(_ target: String) throws -> [(name: String, data: Data)] {
        let folder = fuzzFolder.appendingPathComponent("Regressions/\(target)")
        guard FileManager.default.fileExists(atPath: folder.path) else { return [] }
        return try files(in: folder)
    }

    /// The files of `folder` in name order, so that the replay's mutations are the same on every machine.
    private static func files(in folder: URL) throws -> [(name: String, data: Data)] {
        try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted().map { name in
            (name, try Data(contentsOf: folder.appendingPathComponent(name)))
        }
    }
}
