import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Which file a path names right now (device and inode): a store compares it at each write
/// with the one it opened, so a removed or replaced store file is noticed.
struct FileIdentity: Equatable {
    let device: UInt64
    let inode: UInt64

    /// The identity of the file at `path`, nil when there is none.
    init?(path: String) {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        device = UInt64(info.st_dev)
        inode = UInt64(info.st_ino)
    }
}

/// Stores on a read-only file system (a read-only mount, a disc image): SQLite can read them but
/// cannot create the WAL index (`-shm`) it needs beside the file.
enum ReadOnlyFileSystem {
    /// Whether the file system holding `path` is mounted read-only.
    static func contains(_ path: String) -> Bool {
        var info = statvfs()
        guard statvfs(path, &info) == 0 else { return false }
        return info.f_flag & UInt(ST_RDONLY) != 0
    }

    /// Whether there is no non-empty write-ahead log beside `path` (nothing an immutable open would miss).
    static func hasNoLog(_ path: String) -> Bool {
        var info = stat()
        return stat(path + "-wal", &info) != 0 || info.st_size == 0
    }

    /// The SQLite URI opening `path` read-only without locks or a WAL index.
    static func immutableURI(_ path: String) -> String {
        var escaped = ""
        for byte in path.utf8 {
            switch byte {
            case UInt8(ascii: "%"), UInt8(ascii: "?"), UInt8(ascii: "#"), 0..<0x20, 0x7F...:
                escaped += String(format: "%%%02X", byte)
            default:
                escaped.unicodeScalars.append(Unicode.Scalar(byte))
            }
        }
        return "file:" + escaped + "?mode=ro&immutable=1"
    }
}
