import Foundation

/// Reads a file the user named, with the system's reason when it cannot.
enum InputFile {
    /// The contents of `path`; throws `CLIFailure` such as "Cannot read the script x.jsonl: No such
    /// file or directory." (`what` names the file's role).
    static func read(_ path: String, what: String) throws -> Data {
        var info = stat()
        guard stat(path, &info) == 0 else { throw CLIFailure("Cannot read \(what) \(path)", errno: errno) }
        if (info.st_mode & S_IFMT) == S_IFDIR { throw CLIFailure("Cannot read \(what) \(path)", errno: EISDIR) }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw CLIFailure("Cannot read \(what) \(path)", errno: access(path, R_OK) == 0 ? EIO : errno)
        }
        return data
    }
}
