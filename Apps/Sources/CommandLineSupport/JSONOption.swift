import ArgumentParser

/// `--json`, taken by every command that prints something.
public struct JSONOption: ParsableArguments, Sendable {
    @Flag(name: .customLong("json"), help: "Print JSON (for scripts) instead of text.")
    public var enabled = false

    public init() {}
}
