/// How a tool must answer a bad command line: a non-zero exit, a short message on
/// standard error that names the problem in the user's words, nothing on standard
/// output, and the store as it was, byte for byte.
public enum Refusal {
    /// Everything wrong with `output` as the answer to `input`: empty when the tool refused it well.
    public static func problems(of output: ToolProcess.Output, for input: BadInput,
                                storeBefore: StoreFiles, storeAfter: StoreFiles) -> [String] {
        var problems: [String] = []
        if output.status == 0 { problems.append("exit status 0") }
        if !output.stderr.lowercased().contains(input.says.lowercased()) {
            problems.append("standard error does not say \"\(input.says)\": \(output.stderr.prefix(600))")
        }
        let internals = InternalWords.found(in: output.stderr)
        if !internals.isEmpty { problems.append("standard error shows internals \(internals): \(output.stderr.prefix(600))") }
        if output.stderr.count > 4_000 { problems.append("standard error is \(output.stderr.count) characters long") }
        if output.stderr.unicodeScalars.contains(where: { $0.value == 0x1B }) { problems.append("standard error has an escape character") }
        if !output.stdout.isEmpty { problems.append("standard output is not empty: \(output.stdout.prefix(300))") }
        if storeAfter != storeBefore { problems.append("the store changed") }
        return problems
    }

    /// Runs `arguments` with `tool` and returns everything wrong with how it refused
    /// `input`, comparing the store files at `store` before and after: what every
    /// tool's `BadInputTests` checks for each case.
    public static func problems(running tool: ToolProcess, _ arguments: [String], for input: BadInput,
                                store: String) throws -> [String] {
        let before = StoreFiles(at: store)
        let output = try tool.run(arguments)
        return problems(of: output, for: input, storeBefore: before, storeAfter: StoreFiles(at: store))
    }
}
