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

    /// What a decoder's complaint about the whole document means once the text has been
    /// checked: not a syntax error (``checked(_:)`` would have named its line) but a
    /// number its field cannot take, such as `"version": 1.5` or a 20-digit whole
    /// number, which Foundation's decoder reports without the field's key path.
    public static let numberThatDoesNotFit = "a number in it does not fit its field: a whole number (such as the version) "
        + "is written with a fraction, or is too large"

    /// Why a text in UTF-16 is not read.
    public static let utf16Reason = "the text is UTF-16, not UTF-8: save it (or send it) as UTF-8"

    /// The words of a number out of range, for a program that reads numbers its own way.
    public static let numberRange = "numbers are read from -1.8e308 to 1.8e308, and none nearer to 0 than 5e-324 but 0 itself"
}
