@_exported import FuzzChecks
import Foundation

@_silgen_name("LLVMFuzzerRunDriver")
func runLibFuzzerDriver(
    _ argc: UnsafeMutablePointer<CInt>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
    _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt
) -> CInt

/// The command line of a fuzz executable: `fuzz TARGET [libFuzzer options] [corpus folders]`.
/// The target named first is chosen here; everything after it goes to libFuzzer's own
/// driver, whose runtime comes from linking with -sanitize=fuzzer (our `main` replaces its own).
public enum FuzzDriver {
    // libFuzzer calls the entry point from one thread only.
    nonisolated(unsafe) private static var current: (any FuzzTarget)?

    public static func main(targets: [any FuzzTarget.Type]) -> Never {
        let arguments = CommandLine.arguments
        guard arguments.count >= 2, let chosen = targets.first(where: { $0.name == arguments[1] }) else {
            print("usage: \(arguments.first ?? "fuzz") TARGET [libFuzzer options] [corpus folders]; targets: "
                  + targets.map { $0.name }.joined(separator: ", "))
            exit(2)
        }
        do {
            current = try chosen.init()
        } catch {
            // Exit status 3: the target cannot run here (such as the card catalog being absent).
            print("\(arguments[1]) could not be set up: \(error)")
            exit(3)
        }
        // libFuzzer sees the program name followed by the arguments after the target's name.
        let driverArguments = [arguments[0]] + arguments.dropFirst(2)
        let argv = UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>.allocate(capacity: driverArguments.count + 1)
        for (index, argument) in driverArguments.enumerated() { argv[index] = strdup(argument) }
        argv[driverArguments.count] = nil
        var count = CInt(driverArguments.count)
        var pointer: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = argv
        exit(runLibFuzzerDriver(&count, &pointer, fuzzOneInput))
    }

    static func runOne(_ data: Data) {
        guard let current else { return }
        do {
            try current.run(data)
        } catch let finding as Finding {
            report(finding)
        } catch {
            report(Finding("\(type(of: current).name) let an error through unjudged: \(error)"))
        }
    }

    /// Stops the program as a trap would, so that libFuzzer saves the input as a crash.
    private static func report(_ finding: Finding) -> Never {
        FileHandle.standardError.write(Data("FINDING: \(finding.description)\n".utf8))
        abort()
    }
}

/// libFuzzer's callback: one input to the chosen target.
private func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    FuzzDriver.runOne(data.map { Data(bytes: $0, count: size) } ?? Data())
    return 0
}
