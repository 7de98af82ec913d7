import Foundation

/// Checks a JSON text before a decoder reads it, for what decoders take silently or
/// report as if the text were not JSON at all:
///
/// - a UTF-8 byte order mark, which editors on Windows write: it is dropped, as a file
///   without it is read;
/// - a number a `Double` cannot hold (`1e400`, `-1e400`, `1e-400`): valid JSON, refused
///   naming its key path and the range numbers are read in;
/// - a key given twice in one object, of which decoders keep one without a word: refused
///   naming the key path;
/// - a syntax error, with its line; and objects and arrays nested deeper than any
///   document of ours (a hostile text of `[[[[...` would overflow a recursive reader's stack).
public enum JSONText {
    /// How deeply objects and arrays may nest.
    public static let maximumDepth = 64

    /// The text without a byte order mark, once checked.
    public static func checked(_ data: Data) throws(JSONTextProblem) -> Data {
        var scanner = JSONScanner(Array(data))
        try scanner.scan()
        return scanner.startsWithByteOrderMark ? data.dropFirst(3) : data
    }

    /// The words of a number out of range, for a program that reads numbers its own way.
    public static let numberRange = "numbers are read from -1.8e308 to 1.8e308, and none nearer to 0 than 5e-324 but 0 itself"
}
