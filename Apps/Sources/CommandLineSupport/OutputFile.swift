import Foundation
@_spi(Tools) import OpenSwiftData
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes a command's file (`--output`) without replacing what is not an ordinary file, nor
/// a file already there unless the user said to (`--force`).
///
/// Writing to a temporary file and renaming it over the path replaces whatever the path
/// names: a symbolic link would lose its link, and a FIFO or a device such as `/dev/full`
/// (run as root) would become a regular file. So the path is looked at first: a link is
/// followed and the file it names is written, a folder, device, FIFO or socket is refused.
public enum OutputFile {
    /// Writes `data` to the file at `path`, atomically (a reader never sees half of it).
    /// `store`: the store (or database) the command read, which the file must not be.
    /// `called`: what the tool calls its store ("store", "database").
    /// `force`: whether a file already at `path` may be replaced (`--force`).
    /// Returns where it went: a file that is this command's standard output or error is
    /// written through it, appended to when the shell opened it so (`>>`).
    @discardableResult
    public static func save(_ data: Data, to path: String, sparing store: String? = nil, called name: String = "store",
                            force: Bool = false) throws -> Written {
        if let store { try refuseStore(path, store: store, called: name) }
        if let stream = standardStream(at: path) { return try writeThrough(stream, data, named: path) }
        let target = try destination(for: path)
        // The file is replaced by a new one, which would otherwise take the default mode: an
        // export the user had made private (0600) would become readable by everyone, and one
        // they had made read-only would be replaced as if it were not.
        var existing = stat()
        let replacing = stat(target, &existing) == 0
        if replacing, !force { throw OutputFileError.exists(path: path) }
        if replacing, access(target, W_OK) != 0, errno == EACCES || errno == EPERM || errno == EROFS {
            throw OutputFileError.readOnly(path: path)
        }
        let temporary = (PathParts.folder(of: target) as NSString).appendingPathComponent(temporaryName(for: target))
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL, 0o644)
        guard descriptor >= 0 else {
            let code = errno
            if code == ENOENT { try refuseMissingFolder(of: target, named: path) }
            errno = code
            throw OutputFileError.cannotWrite(path: path, reason: lastError())
        }
        var failure: String?
        if replacing {
            // Only root can give a file to another owner; anyone else's new file is already theirs.
            if getuid() == 0, fchown(descriptor, existing.st_uid, existing.st_gid) != 0 { failure = lastError() }
            if failure == nil, fchmod(descriptor, existing.st_mode & 0o777) != 0 { failure = lastError() }
        }
        if failure == nil { failure = writeAll(data, to: descriptor) }
        if failure == nil, fsync(descriptor) != 0 { failure = lastError() }
        if close(descriptor) != 0, failure == nil { failure = lastError() }
        if let failure {
            unlink(temporary)
            throw OutputFileError.cannotWrite(path: path, reason: failure)
        }
        try publish(temporary, as: target, named: path, replacing: force)
        return .file
    }

    /// Puts `written`, a file a command finished beside the output in its own way (a backup,
    /// which SQLite writes), at `path` (as the user gave it) as `save` puts its file: without
    /// `force`, never over a file, not even one made at `path` since the command checked
    /// (`refuseExisting`); with it, over the file there, keeping that file's mode and owner.
    /// `written` is gone afterwards, whether it was put in place or not. A `path` that is this
    /// command's standard output or error is given a copy through it, as `save` writes there.
    @discardableResult
    public static func place(_ written: String, at path: String, force: Bool) throws -> Written {
        if let stream = standardStream(at: path) { return try copyThrough(stream, from: written, named: path) }
        do {
            let target = try destination(for: path)
            var existing = stat()
            if force, stat(target, &existing) == 0 {
                // Only root can give a file to another owner; anyone else's new file is already theirs.
                if getuid() == 0, chown(written, existing.st_uid, existing.st_gid) != 0 {
                    throw OutputFileError.cannotWrite(path: path, reason: lastError())
                }
                if chmod(written, existing.st_mode & 0o777) != 0 { throw OutputFileError.cannotWrite(path: path, reason: lastError()) }
            }
            try publish(written, as: target, named: path, replacing: force)
            return .file
        } catch {
            unlink(written)
            throw error
        }
    }

    /// Gives the written file `temporary` the name `target` (`named` as the user gave it), or
    /// removes it and throws. Without `replacing`, a file at `target` is kept and reported as
    /// the check before the work reports it: one made since that check (another program's, or
    /// the same export run twice at once) would otherwise be lost to `rename`, which replaces.
    /// `linking`: false where the file system makes no second name for a file (`link(2)`).
    static func publish(_ temporary: String, as target: String, named path: String, replacing: Bool,
                        linking: Bool = true) throws {
        var code: Int32 = 0
        if replacing {
            if rename(temporary, target) != 0 { code = errno }
        } else if !linking {
            code = claimThenRename(temporary, as: target)
        } else if link(temporary, target) == 0 {
            unlink(temporary)
            return
        } else if [EPERM, ENOTSUP, EOPNOTSUPP, EMLINK].contains(errno) {
            // No second names there (FAT, some network and FUSE file systems): the name is claimed instead.
            return try publish(temporary, as: target, named: path, replacing: false, linking: false)
        } else {
            code = errno
        }
        guard code != 0 else { return }
        unlink(temporary)
        if code == EEXIST, !replacing { throw OutputFileError.exists(path: path) }
        errno = code
        throw OutputFileError.cannotWrite(path: path, reason: lastError())
    }

    /// Renames `temporary` to `target` once an empty file, made only if no file is there, has
    /// taken the name. Returns 0 or why not (EEXIST: a file is there).
    private static func claimThenRename(_ temporary: String, as target: String) -> Int32 {
        let placeholder = open(target, O_WRONLY | O_CREAT | O_EXCL, 0o600)
        guard placeholder >= 0 else { return errno }
        close(placeholder)
        guard rename(temporary, target) == 0 else {
            let code = errno
            unlink(target)
            return code
        }
        return 0
    }

    /// Throws when a file is already at `path` (or where a link at `path` leads) and `force`
    /// is false: an `--output` that names a file by mistake would lose it for good. For a
    /// command that checks before its work, or that writes its file another way (a backup).
    /// This command's standard output or error is written through, so it is not refused.
    public static func refuseExisting(_ path: String, force: Bool) throws {
        guard !force, standardStream(at: path) == nil else { return }
        var info = stat()
        if stat(try destination(for: path), &info) == 0 { throw OutputFileError.exists(path: path) }
    }

    /// The name of the file `target` is first written as: `.NAME.UUID.tmp`, or `.UUID.tmp` when
    /// that would be longer than a name may be. A name of 214 to 255 bytes is a file name the
    /// system takes, and the export was refused as "a name in its path is too long".
    static func temporaryName(for target: String) -> String {
        let long = ".\(PathParts.name(of: target)).\(UUID().uuidString).tmp"
        return long.utf8.count <= FileNameLength.longest(besides: target) ? long : ".\(UUID().uuidString).tmp"
    }

    /// Throws when the folder `path` (the file to write; `named` as the user gave it) would be
    /// in does not exist. The folder is not made: a mistyped folder would become a new one,
    /// and the file be written where no one looks.
    public static func refuseMissingFolder(of path: String, named: String? = nil) throws {
        let folder = PathParts.folder(of: path)
        guard !FileManager.default.fileExists(atPath: folder) else { return }
        throw OutputFileError.cannotWrite(path: named ?? path, reason: "there is no folder \(TerminalText.quoted(folder)): "
                                          + "create it first, or name a file in a folder that exists")
    }

    /// Throws when the file at `path` is the store at `store` or its -wal or -shm file,
    /// by path (after links and `..`) or by identity (a hard link): writing there would
    /// replace the store with the export. A path that is not there yet is compared by the
    /// folder it would be made in.
    public static func refuseStore(_ path: String, store: String, called name: String = "store") throws {
        let output = identity(of: path)
        for suffix in ["", "-wal", "-shm"] {
            let part = identity(of: store + suffix)
            let samePath = output.path == part.path
            let sameFile = output.inode != nil && output.inode == part.inode
            guard samePath || sameFile else { continue }
            throw OutputFileError.isTheStore(path: path, store: name, part: suffix.isEmpty ? "itself" : "\(suffix) file")
        }
    }

    /// `path` with links and `..` resolved (those of its folder when it is not there
    /// yet), and the device and inode of the file it names when there is one.
    private static func identity(of path: String) -> (path: String, inode: [UInt64]?) {
        let absolute = path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
        var info = stat()
        let inode = stat(absolute, &info) == 0 ? [UInt64(info.st_dev), UInt64(info.st_ino)] : nil
        if let resolved = realpath(absolute, nil) {
            defer { free(resolved) }
            return (String(cString: resolved), inode)
        }
        let folder = PathParts.folder(of: absolute)
        let name = PathParts.name(of: absolute)
        guard let resolved = realpath(folder, nil) else { return ((absolute as NSString).standardizingPath, inode) }
        defer { free(resolved) }
        return ((String(cString: resolved) as NSString).appendingPathComponent(name), inode)
    }

    /// The path to write: `path` itself, or the file a symbolic link at `path` names.
    /// Throws when that is not an ordinary file (or not there yet).
    public static func destination(for path: String) throws -> String {
        var info = stat()
        guard lstat(path, &info) == 0 else {
            guard errno == ENOENT else { throw OutputFileError.cannotWrite(path: path, reason: lastError()) }
            return path
        }
        var target = path
        if info.st_mode & S_IFMT == S_IFLNK {
            guard let resolved = realpath(path, nil) else {
                // Links that lead back to themselves name no file: writing "the file it names" would
                // replace one of the links with the output.
                if errno == ELOOP {
                    throw OutputFileError.cannotWrite(path: path, reason: "its symbolic links go round in a loop, so it names no file")
                }
                // A link that leads to something no path names: `/dev/stdout` or `/proc/self/fd/1`
                // when standard output is a pipe (the link reads `pipe:[…]`), or a file deleted
                // while open. It was taken for a link to a file not made yet: "already exists,
                // pass --force", then "no such file or directory".
                if stat(path, &info) == 0 {
                    if info.st_mode & S_IFMT != S_IFREG { throw OutputFileError.notAFile(path: path, kind: kind(of: info.st_mode)) }
                    throw OutputFileError.cannotWrite(path: path, reason: "it leads to a file that was deleted, which no longer has "
                                                      + "a name in any folder to be written under")
                }
                // A link to a file that does not exist yet: create the file it names.
                let destination = try FileManager.default.destinationOfSymbolicLink(atPath: path)
                return destination.hasPrefix("/") ? destination
                    : (PathParts.folder(of: path) as NSString).appendingPathComponent(destination)
            }
            target = String(cString: resolved)
            free(resolved)
            guard stat(target, &info) == 0 else { throw OutputFileError.cannotWrite(path: path, reason: lastError()) }
        }
        guard info.st_mode & S_IFMT == S_IFREG else { throw OutputFileError.notAFile(path: path, kind: kind(of: info.st_mode)) }
        return target
    }

    /// What a file that is not an ordinary one is, by its mode: "a folder", "a pipe (FIFO)".
    private static func kind(of mode: mode_t) -> String {
        switch mode & S_IFMT {
        case S_IFDIR: "a folder"
        case S_IFIFO: "a pipe (FIFO)"
        case S_IFCHR, S_IFBLK: "a device"
        case S_IFSOCK: "a socket"
        default: "not a regular file"
        }
    }

    /// Writes every byte of `data`; returns why it failed, or nil.
    static func writeAll(_ data: Data, to descriptor: Int32) -> String? {
        data.withUnsafeBytes { buffer -> String? in
            var offset = 0
            while offset < buffer.count, let base = buffer.baseAddress {
                let written = write(descriptor, base + offset, buffer.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    return lastError()
                }
                offset += written
            }
            return nil
        }
    }

    static func lastError() -> String {
        guard errno != EFBIG else { return "it would be larger than the files this shell lets its programs write (ulimit -f)" }
        // The engine's words for a failed write ("this user may not write there", "the disk is full"), not strerror's.
        return StoreIOWords.reason(posix: errno, path: nil)
    }
}
