import ArgumentParser
import Foundation

/// Runs a root command the way ArgumentParser's `main()` does, and then checks that
/// everything written to standard output got there, and reports errors as JSON on
/// standard error when the command line asked for `--json`.
enum CommandRunner {
    /// `translate` puts errors from the libraries below into the user's words.
    static func main<Root: ParsableCommand>(_ root: Root.Type, arguments: [String] = Array(CommandLine.arguments.dropFirst()),
                                            translate: (Error) -> Error = { $0 }) -> Never {
        do {
            var command = try root.parseAsRoot(arguments)
            try command.run()
        } catch {
            let error = translate(error)
            let status = root.exitCode(for: error)
            let message = root.message(for: error)
            if arguments.contains("--json"), status != .success, !message.isEmpty {
                reportJSON(message)
                _ = StandardOutput.finish()
                exit(status.rawValue)
            }
            root.exit(withError: error)
        }
        if let failure = StandardOutput.finish() {
            FileHandle.standardError.write(Data("Error: could not write the output: \(failure).\n".utf8))
            exit(1)
        }
        exit(0)
    }

    /// `{"error": "..."}` on standard error.
    private static func reportJSON(_ message: String) {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let data = (try? encoder.encode(["error": message])) ?? Data("{\"error\": \"unknown error\"}".utf8)
        FileHandle.standardError.write(data + Data("\n".utf8))
    }
}
