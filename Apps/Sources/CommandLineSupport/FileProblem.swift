import Foundation
@_spi(Tools) import OpenSwiftData

/// A file system error (Foundation's, or a system call's) in a user's words: what could
/// not be done to which path, and why, instead of "The operation could not be completed.
/// (NSCocoaErrorDomain error 512.)".
public enum FileProblem {
    /// `error` in words when it is a file system error; nil otherwise.
    public static func sentence(for error: any Error) -> String? {
        let bridged = error as NSError
        guard bridged.domain == NSCocoaErrorDomain || bridged.domain == NSPOSIXErrorDomain else { return nil }
        let underlying = bridged.userInfo[NSUnderlyingErrorKey] as? NSError
        let code = bridged.domain == NSPOSIXErrorDomain ? Int32(bridged.code)
            : underlying.flatMap { $0.domain == NSPOSIXErrorDomain ? Int32($0.code) : nil }
        let path = bridged.userInfo[NSFilePathErrorKey] as? String ?? (bridged.userInfo[NSURLErrorKey] as? URL)?.path
        let subject = path.map { "Cannot use \(TerminalText.quoted($0))" } ?? "A file could not be used"
        return "\(subject): \(reason(posix: code, cocoa: bridged.domain == NSCocoaErrorDomain ? bridged.code : nil, path: path)). "
            + "Nothing was changed."
    }

    /// `error`, or a ``ToolError`` in words when it is a file system error.
    public static func explaining(_ error: any Error) -> any Error {
        sentence(for: error).map { ToolError($0) } ?? error
    }

    static func reason(posix: Int32?, cocoa: Int?, path: String?) -> String {
        if let posix {
            return StoreIOWords.reason(posix: posix, path: path)
        }
        if let path, let seen = StoreIOWords.reason(seenAt: path) { return seen }
        switch cocoa {
        case CocoaError.fileNoSuchFile.rawValue?, CocoaError.fileReadNoSuchFile.rawValue?: return "it does not exist"
        case CocoaError.fileReadNoPermission.rawValue?, CocoaError.fileWriteNoPermission.rawValue?: return "this user may not read or write there"
        case CocoaError.fileWriteOutOfSpace.rawValue?: return "the disk is full"
        case CocoaError.fileWriteVolumeReadOnly.rawValue?: return "it is on read-only media"
        case CocoaError.fileWriteFileExists.rawValue?: return "something is already there"
        default: return "the system refused"
        }
    }
}
