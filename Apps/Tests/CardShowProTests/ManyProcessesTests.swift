import ChildProcessSupport
import Foundation
import Testing

/// Several `cardshow` processes on one store at once, as a dealer's scripts and a
/// second terminal would run them.
@Suite("cardshow processes sharing a store")
struct ManyProcessesTests {
    /// Runs `script` in `sh` with `cardshow` as `$CS` and the store as `$STORE`.
    func start(_ script: String, store: URL, errors: URL) throws -> ChildProcess {
        let executable = try #require(CardShowProcess.executable, "build cardshow first: swift build --build-tests")
        let process = ChildProcess()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", script]
        var environment = ProcessInfo.processInfo.environment
        environment["CS"] = executable.path
        environment["STORE"] = store.path
        process.environment = environment
        _ = FileManager.default.createFile(atPath: errors.path, contents: nil)
        process.standardError = try FileHandle(forWritingTo: errors)
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        return process
    }

    @Test func fourWritersAReaderAndABackupLoseNothingAndShowNoLockError() async throws {
        let directory = try TemporaryDirectory()
        let store = directory.file("shared.store")
        let adds = 15
        var processes: [ChildProcess] = []
        var errorFiles: [URL] = []
        for writer in 1...4 {
            let errors = directory.file("writer\(writer).err")
            errorFiles.append(errors)
            processes.append(try start("""
                i=1; while [ $i -le \(adds) ]; do
                  "$CS" card add --name "W\(writer)-$i" --set S --number $i --value 1 --store "$STORE" || echo "add $i exited $?" >&2
                  i=$((i+1)); done
                """, store: store, errors: errors))
        }
        let readerErrors = directory.file("reader.err"), backupErrors = directory.file("backup.err")
        errorFiles += [readerErrors, backupErrors]
        processes.append(try start("""
            sleep 0.5; i=1; waits=0; while [ $i -le 10 ]; do
              if out=$("$CS" card list --store "$STORE" 2>&1); then i=$((i+1)); continue; fi
              case "$out" in
                *"try again in a moment"*) waits=$((waits+1)); [ $waits -le 100 ] || { echo "list waited 20 s: $out" >&2; i=11; }; sleep 0.2 ;;
                *) echo "list exited: $out" >&2; i=$((i+1)) ;;
              esac
            done
            """, store: store, errors: readerErrors))
        // A listing or a backup of a store another cardshow is still creating is refused
        // with "try again in a moment" (on a loaded machine the writers may not have made it
        // after 0.5 s): the scripts do as the message says.
        processes.append(try start("""
            sleep 0.5; i=1; waits=0; while [ $i -le 4 ]; do
              if out=$("$CS" backup --output "$STORE.backup$i" --store "$STORE" 2>&1); then i=$((i+1)); continue; fi
              case "$out" in
                *"try again in a moment"*) waits=$((waits+1)); [ $waits -le 100 ] || { echo "backup waited 20 s: $out" >&2; i=5; }; sleep 0.2 ;;
                *) echo "backup exited: $out" >&2; i=$((i+1)) ;;
              esac
            done
            """, store: store, errors: backupErrors))
        // Polled rather than waited for: a blocked wait would hold one of the test
        // runner's few threads for the whole run, and starve the tests beside it.
        for process in processes {
            while process.isRunning { try await Task.sleep(for: .milliseconds(50)) }
        }

        for file in errorFiles {
            let errors = try String(contentsOf: file, encoding: .utf8)
            #expect(errors.isEmpty, "\(file.lastPathComponent): \(errors)")
        }
        let listed = try CardShowProcess(dataHome: directory.url).run(["card", "list", "--json", "--store", store.path])
        let cards = try #require(try JSONSerialization.jsonObject(with: Data(listed.stdout.utf8)) as? [[String: Any]])
        #expect(Set(cards.compactMap { $0["name"] as? String })
                == Set((1...4).flatMap { writer in (1...adds).map { "W\(writer)-\($0)" } }))
    }
}
