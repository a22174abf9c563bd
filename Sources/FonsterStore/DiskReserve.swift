import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Room kept for a full disk: `<store>.reserve`, a file of `bytes` allocated bytes beside the
/// library. When SQLite reports the disk full during a delete or a purge, the store gives the
/// file's room back and tries again, so a user can always delete; when opening a library on a
/// full disk, it makes room for SQLite's write-ahead log and its index. The store tops the file
/// up after its writes, as far as the disk allows.
///
/// Outside the database on purpose: in WAL mode every change, a delete too, first appends pages
/// to the log, which a blob inside the file cannot make room for.
struct DiskReserve {
    /// The reserve file's path.
    let path: String
    /// Its full size. A delete on a full disk needs room for its pages in the log (a dozen 4-KB
    /// pages with its trash entry and change-log row, measured in `FullDiskTests`; more for a
    /// long seed history), then for the checkpoint that empties the log: it may grow the file by
    /// every page the log held, the delete's and earlier ones (the reserve is topped up only after
    /// that checkpoint emptied the log). With the log's 32-KB index that is well under this.
    static let bytes = 1 << 20

    /// The reserve of the library at `storePath`.
    init(store storePath: String) { path = storePath + ".reserve" }

    /// How many bytes it holds now (0 when there is no file).
    var held: Int {
        var info = stat()
        guard stat(path, &info) == 0 else { return 0 }
        return min(Int(info.st_size), Int(info.st_blocks) * 512)
    }

    /// Gives all its room back; true when it held any.
    @discardableResult
    func release() -> Bool {
        guard held > 0 else { return false }
        return truncate(path, 0) == 0
    }

    /// Grows it to `bytes`, or as near as the disk allows (whole 4-KB blocks); false when it
    /// could not be made full size. Never throws: a reserve is a help, not a requirement.
    @discardableResult
    func topUp() -> Bool {
        let have = held
        guard have < Self.bytes else { return true }
        let fd = open(path, O_WRONLY | O_CREAT | O_CLOEXEC, 0o644)
        guard fd >= 0 else { return false }
        defer { close(fd) }
        var want = Self.bytes
        while want > have {
            if Self.allocate(fd, bytes: want) { return want == Self.bytes }
            // No room for that much: take what is left (as measured, then a block less at a time).
            let fit = (have + Self.freeBytes(near: path)) & ~4095
            want = fit < want ? fit : want - 4096
        }
        return false
    }

    /// Allocates `bytes` bytes of `fd` (real blocks, not a sparse file); false when there is no room.
    private static func allocate(_ fd: Int32, bytes: Int) -> Bool {
        #if canImport(Glibc)
        return posix_fallocate(fd, 0, off_t(bytes)) == 0
        #else
        // No posix_fallocate: write zeros (APFS allocates blocks for them).
        let zeros = [UInt8](repeating: 0, count: bytes)
        return pwrite(fd, zeros, bytes, 0) == bytes
        #endif
    }

    /// The bytes free for an unprivileged user on the file system holding `path`.
    static func freeBytes(near path: String) -> Int {
        var info = statvfs()
        guard statvfs(StoreLocation.parentFolder(of: path), &info) == 0 else { return 0 }
        return Int(info.f_bavail) * Int(info.f_frsize)
    }
}
