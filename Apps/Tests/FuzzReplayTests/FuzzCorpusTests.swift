import EngineFuzzChecks
import Foundation
import FuzzChecks
import Testing

@Suite struct FuzzCorpusTests {
    /// A target added to the `fuzz` executables without a corpus would have nothing to replay.
    @Test func everyFuzzTargetHasACorpusFolderAndEveryFolderATarget() throws {
        let targets = Set(EngineFuzzTargets.all.map { $0.name } + [DeckListTarget.name])
        let folders = try FileManager.default.contentsOfDirectory(atPath: FuzzInputs.fuzzFolder.appendingPathComponent("Corpus").path)
        #expect(targets == Set(folders))
        #expect(targets.count == 9)
    }

    /// A regression input in a folder no target reads would never be replayed.
    @Test func everyRegressionFolderNamesATarget() throws {
        let targets = Set(EngineFuzzTargets.all.map { $0.name } + [DeckListTarget.name])
        let folders = try FileManager.default.contentsOfDirectory(atPath: FuzzInputs.fuzzFolder.appendingPathComponent("Regressions").path)
        #expect(!folders.isEmpty)
        #expect(Set(folders).isSubset(of: targets))
    }
}
