import CommandLineTestSupport
import Foundation
import Testing

/// An import interrupted while it still reads its file (seconds for a large one, before any
/// store is opened) says so, as it does once it is saving: the line that nothing was saved,
/// and the status of a program SIGTERM ended (143).
@Suite struct InterruptWhileReadingTests {
    static let imports: [(command: [String], start: String)] = [
        (["trendy", "import", "FILE"], FileStartTests.trendyExportStart),
        (["trendy", "import-ics", "FILE", "--default-type", "W"],
         "BEGIN:VCALENDAR\r\nVERSION:2.0\r\n" + String(repeating: "X-NOTE:a line the reader reads later\r\n", count: 2_000)),
        (["cardshow", "import", "FILE", "--format", "json"],
         "{\"cards\" : [\n" + String(repeating: "  {\"name\" : \"Charizard\", \"setName\" : \"Base Set\"},\n", count: 2_000)),
        (["coupontracker", "import", "FILE"],
         "{\"cards\" : [\n" + String(repeating: "  {\"nickname\" : \"Travel\", \"isCustom\" : false},\n", count: 2_000)),
        (["assetflow", "import", "2026-01-01", "FILE"],
         "asset,platform,currency,value\n" + String(repeating: "Savings,Bank,USD,100.00\n", count: 4_000)),
    ]

    /// Runs `command` on a file of `start` and then 512 MB of nothing, and sends it `signal`
    /// while it reads the file: once its memory passes 150 MB, as the read fills the buffer
    /// of the file's size (the shell's own `read` polls, so that no poll misses the read).
    static func interrupt(_ command: [String], start: String, with signal: String) throws -> (output: ToolProcess.Output, folder: String) {
        let folder = try AllToolsConventionTests.folder()
        let path = folder + "/large.file"
        try Data(start.utf8).write(to: URL(fileURLWithPath: path))
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        try handle.truncate(atOffset: 512 << 20)
        try handle.close()
        let process = ToolProcess(command[0], environment: ["XDG_DATA_HOME": folder, "HOME": folder, "TZ": "UTC"])
        // The watcher polls with the shell's own `read`, so that no poll misses the read, and
        // holds none of the tool's output open; the tool takes the shell's place, and env gives
        // the signal its default back (a test runner may have set it aside).
        let script = """
            tool=$$
            (
              polls=0
              while [ $polls -lt 10000000 ]; do
                polls=$((polls + 1))
                read -r _ _ state _ < /proc/$tool/stat || break
                [ "$state" = Z ] && break
                read -r _ resident _ < /proc/$tool/statm || break
                if [ "$resident" -ge 38400 ]; then kill -\(signal) $tool; break; fi
              done
            ) < /dev/null > /dev/null 2>&1 &
            exec env --default-signal=\(signal) "$@"
            """
        let output = try process.runScript(script, arguments: [try #require(process.executable).path]
                                           + command.dropFirst().map { $0 == "FILE" ? path : $0 } + ["--store", folder + "/s.store"])
        return (output, folder)
    }

    @Test(arguments: imports.indices)
    func anImportTerminatedWhileItReadsItsFileSaysNothingWasSaved(_ index: Int) throws {
        let (command, start) = Self.imports[index]
        let (output, folder) = try Self.interrupt(command, start: start, with: "TERM")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect(output.status == 143, "\(command): \(output.stderr)")
        #expect(output.stderr.contains("The import was interrupted: nothing of it was saved"), "\(command): \(output.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder + "/s.store"), "\(command)")
    }

    @Test func anImportQuitWithCtrlBackslashSaysNothingWasSavedAndExits131WithoutABacktrace() throws {
        let (output, folder) = try Self.interrupt(["trendy", "import", "FILE"], start: FileStartTests.trendyExportStart, with: "QUIT")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect(output.status == 131, "\(output.stderr)")
        #expect(output.stderr.contains("The import was interrupted: nothing of it was saved"), "\(output.stderr)")
        #expect(!output.stderr.contains("crashed"), "\(output.stderr)")
    }

    @Test func aDeckImportTerminatedWhileItReadsStandardInputSaysNothingWasSaved() throws {
        let folder = try AllToolsConventionTests.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let process = ToolProcess("getdiced", environment: ["XDG_DATA_HOME": folder, "HOME": folder, "TZ": "UTC"])
        // The list's first line comes at once and the rest never (the script holds the pipe's
        // other end open until it ends): the tool waits in its read. The signal is sent once the
        // tool catches SIGTERM (its bit, 0x4000, in SigCgt), or after 20 s.
        let script = """
            mkfifo "\(folder)/list"
            env --default-signal=TERM "$@" < "\(folder)/list" &
            tool=$!
            exec 3> "\(folder)/list"
            printf '4 Lightning Bolt\\n' >&3
            polls=0
            while [ $polls -lt 400 ]; do
              polls=$((polls + 1))
              mask=$(awk '/^SigCgt/ {print $2}' /proc/$tool/status 2>/dev/null) || break
              [ -n "$mask" ] && [ $((0x$mask & 0x4000)) -ne 0 ] && break
              sleep 0.05
            done
            kill -TERM $tool
            wait $tool
            """
        let output = try process.runScript(script, arguments: [try #require(process.executable).path,
                                                               "deck", "import", "-", "--db", folder + "/g.db"])
        #expect(output.status == 143, "\(output.stderr)")
        #expect(output.stderr.contains("The import was interrupted: nothing of it was saved"), "\(output.stderr)")
    }
}
