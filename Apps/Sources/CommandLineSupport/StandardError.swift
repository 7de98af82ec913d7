import Foundation

/// Writes a line to standard error: notes and progress that must not mix with the data
/// on standard output. Control characters in stored text are escaped by the caller.
public func printError(_ text: String) {
    FileHandle.standardError.write(Data((text + "\n").utf8))
}
