import ArgumentParser

/// `--json`, taken by every listing.
struct JSONOption: ParsableArguments {
    @Flag(name: .customLong("json"), help: "Print JSON (for scripts) instead of a table.")
    var enabled = false
}
