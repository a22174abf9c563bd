import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A small real file system of its own (a tmpfs the test mounts; root on Linux only), so a test
/// can fill a disk to its last byte without touching anyone else's. Unmounted on release.
public final class Tmpfs: @unchecked Sendable {
    /// The mount point.
    public let path: String

    /// Why tmpfs cannot be mounted here, nil when it can (tried once, with a 64-KB mount): tests
    /// that need one are `.enabled(if: Tmpfs.unavailable == nil)` and say this reason when skipped.
    public static let unavailable: String? = {
        do {
            _ = try Tmpfs(bytes: 64 << 10)
            return nil
        } catch {
            return "\(error)"
        }
    }()

    /// Why a mount failed.
    public struct Failure: Error, CustomStringConvertible {
        /// What went wrong, for the skipped test's note.
        public let description: String
    }

    /// Mounts a new tmpfs of `bytes` bytes on a new directory.
    public init(bytes: Int) throws {
        path = FileManager.default.temporaryDirectory.appendingPathComponent("fonsters-tmpfs-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        #if os(Linux)
        guard mount("tmpfs", path, "tmpfs", 0, "size=\(bytes),mode=0755") == 0 else {
            let reason = String(cString: strerror(errno))
            try? FileManager.default.removeItem(atPath: path)
            throw Failure(description: "mounting a tmpfs needs root on Linux (mount(2) said: \(reason))")
        }
        #else
        try? FileManager.default.removeItem(atPath: path)
        throw Failure(description: "tmpfs mounts are made on Linux only")
        #endif
    }

    deinit {
        #if os(Linux)
        umount2(path, Int32(MNT_DETACH))
        #endif
        try? FileManager.default.removeItem(atPath: path)
    }

    /// A path inside the mount.
    public func file(_ name: String) -> String { path + "/" + name }

    /// Bytes still free.
    public var freeBytes: Int {
        var info = statvfs()
        guard statvfs(path, &info) == 0 else { return -1 }
        return Int(info.f_bavail) * Int(info.f_frsize)
    }

    /// Fills the file system to its last byte with a file `filler` (written in shrinking
    /// chunks until not one more byte fits); returns its size.
    @discardableResult
    public func fill(_ name: String = "filler") -> Int {
        let fd = open(file(name), O_WRONLY | O_CREAT | O_APPEND, 0o644)
        guard fd >= 0 else { return 0 }
        defer { close(fd) }
        let zeros = [UInt8](repeating: 0, count: 1 << 16)
        var chunk = zeros.count
        while chunk > 0 {
            if write(fd, zeros, chunk) != chunk { chunk /= 2 }
        }
        var info = stat()
        fstat(fd, &info)
        return Int(info.st_size)
    }

    /// Removes the filler file: room returns.
    public func empty(_ name: String = "filler") { unlink(file(name)) }
}
