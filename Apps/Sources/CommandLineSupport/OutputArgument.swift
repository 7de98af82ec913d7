import ArgumentParser

/// The file an `--output` option names. An empty path names no file: handed on, it is
/// taken as the current folder or as nothing at all ("Could not write : ..."), so it is
/// refused where it is typed, in the same words by every tool.
public enum OutputArgument {
    /// For `@Option(transform:)`: the path, or an error saying it is empty. The argument
    /// parser names the option and the value before it.
    public static func file(_ text: String) throws -> String {
        guard !text.isEmpty else {
            throw ValidationError("it is empty: give the path of the file to write, or leave the option out. Nothing was written.")
        }
        return text
    }
}
