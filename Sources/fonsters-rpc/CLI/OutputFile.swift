import Foundation

/// Writes a command's output where the user asked: `-` is standard output; a regular file (or a
/// path that does not exist yet) is written to a temporary file beside it, flushed and renamed
/// over it, so a reader never sees half an image and a failure leaves the old file intact; any
/// other existing path — a symlink such as `/dev/stdout`, a FIFO, a device — is opened and
/// written in place, never replaced.
enum OutputFile {
    /// Writes `bytes` to `path` as described above; throws `CLIFailure` with the system's reason.
    static func save(_ bytes: [UInt8], to path: String) throws {
        if path == "-" {
            try writeAll(bytes, to: STDOUT_FILENO, path: "standard output")
            return
        }
        var info = stat()
        if lstat(path, &info) == 0, (info.st_mode & S_IFMT) != S_IFREG {
            try writeInPlace(bytes, to: path)
        } else {
            // Renaming would replace a file the user may not write to; refuse as `>` would.
            if lstat(path, &info) == 0, access(path, W_OK) != 0 { throw CLIFailure("Cannot write \(path)", errno: errno) }
            try replaceAtomically(path, with: bytes, mode: lstat(path, &info) == 0 ? info.st_mode & 0o7777 : nil)
        }
    }

    /// Opens `path` for writing (truncating) and writes `bytes` into it.
    private static func writeInPlace(_ bytes: [UInt8], to path: String) throws {
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o666)
        guard fd >= 0 else { throw CLIFailure("Cannot write \(path)", errno: errno) }
        defer { close(fd) }
        try writeAll(bytes, to: fd, path: path)
    }

    /// Writes `bytes` to a new temporary file in `path`'s folder, then renames it over `path`.
    /// The new file keeps `mode` (the old file's permissions), else gets 0666 less the umask.
    private static func replaceAtomically(_ path: String, with bytes: [UInt8], mode: mode_t?) throws {
        let url = URL(fileURLWithPath: path)
        var template = Array(url.deletingLastPathComponent().appendingPathComponent(".\(url.lastPathComponent).XXXXXX").path.utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard fd >= 0 else { throw CLIFailure("Cannot write \(path)", errno: errno) }
        let temporary = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        var done = false
        defer {
            close(fd)
            if !done { unlink(temporary) }
        }
        let permissions: mode_t
        if let mode {
            permissions = mode
        } else {
            let mask = umask(0)
            umask(mask)
            permissions = 0o666 & ~mask
        }
        try writeAll(bytes, to: fd, path: path)
        guard fchmod(fd, permissions) == 0, fsync(fd) == 0 else { throw CLIFailure("Cannot write \(path)", errno: errno) }
        guard rename(temporary, path) == 0 else { throw CLIFailure("Cannot write \(path)", errno: errno) }
        done = true
    }

    /// Writes all of `bytes` to `fd`, retrying short writes and interruptions. Throws
    /// `ClosedOutput` when the reader has gone (EPIPE: `| head`), which ends a command quietly.
    static func writeAll(_ bytes: [UInt8], to fd: Int32, path: String) throws {
        var offset = 0
        while offset < bytes.count {
            let n = bytes[offset...].withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
            if n < 0 {
                if errno == EINTR { continue }
                if errno == EPIPE { throw ClosedOutput() }
                throw CLIFailure("Cannot write \(path)", errno: errno)
            }
            offset += n
        }
    }
}

/// The reader of the output closed it before the command finished (`describe … | head`): the
/// command stops quietly with status 0, as `yes | head` does, since nobody wants the rest.
struct ClosedOutput: Error {}
