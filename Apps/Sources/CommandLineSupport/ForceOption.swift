import ArgumentParser

/// `--force`, taken by every command that writes a file at `--output`: a file already there
/// is replaced only when it is given, in every tool alike.
public struct ForceOption: ParsableArguments, Sendable {
    @Flag(name: .customLong("force"), help: "Replace the --output file if there is one.")
    public var enabled = false

    public init() {}
}
