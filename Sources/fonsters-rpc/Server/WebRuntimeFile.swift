import Foundation
import JSON
import RPC
import FonsterStore
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Where a running `fonsters-rpc web` serves a library, so `fonsters-rpc open` can find it: one
/// small JSON file per store, `web-<hash of the store's path>.json` (pid, host, port, token,
/// store), in a private folder (`WebRuntimeFile.folder`, mode 0700; the file 0600). The server
/// writes it once it listens and removes it when SIGINT, SIGTERM or SIGHUP stops it; a file left
/// by a killed server is stale, which `isLive` tells.
struct WebRuntimeFile: Equatable {
    /// The server's process id.
    let pid: Int32
    /// Its address as it goes in a URL (`127.0.0.1`, `[::1]`).
    let host: String
    /// Its port.
    let port: Int
    /// Its access token.
    let token: String
    /// The absolute path of the library it serves.
    let store: String

    /// The page's address with the token, and a share link's cards in the fragment (which never
    /// reaches the server and survives the token's redirect).
    func address(cards: String?) -> String {
        "http://\(host):\(port)/?token=\(token)" + (cards.map { "#cards=\($0)" } ?? "")
    }

    /// The page's address without the token (safe to print).
    var origin: String { "http://\(host):\(port)/" }

    /// The record as JSON.
    var json: JSONValue {
        ["pid": .int(Int64(pid)), "host": .string(host), "port": .int(Int64(port)), "token": .string(token), "store": .string(store)]
    }

    /// A record read back from JSON; nil when a field is missing or of the wrong kind, or the
    /// host or token holds anything an address of ours would not (so nothing else reaches a URL).
    init?(json: JSONValue) {
        guard let pid = json["pid"]?.int, let host = json["host"]?.string, let port = json["port"]?.int,
              let token = json["token"]?.string, let store = json["store"]?.string,
              pid > 0, pid <= Int(Int32.max), (1...65535).contains(port),
              !token.isEmpty, token.allSatisfy({ $0.isASCII && $0.isHexDigit }),
              !host.isEmpty, host.allSatisfy({ $0.isASCII && ($0.isHexDigit || ".:[]".contains($0)) }) else { return nil }
        self.init(pid: Int32(pid), host: host, port: port, token: token, store: store)
    }

    /// A record of these facts.
    init(pid: Int32, host: String, port: Int, token: String, store: String) {
        self.pid = pid
        self.host = host
        self.port = port
        self.token = token
        self.store = store
    }

    // MARK: Where the files are

    /// The private folder of the runtime files, made when missing: `$XDG_RUNTIME_DIR/fonsters`
    /// when that variable holds an absolute path, else `$TMPDIR/fonsters-UID` (`/tmp` without
    /// `TMPDIR`). Throws when the folder is not a folder of this user's that only they can open.
    static func folder(environment: [String: String] = ProcessInfo.processInfo.environment) throws -> String {
        let path: String
        if let runtime = environment["XDG_RUNTIME_DIR"], runtime.hasPrefix("/") {
            path = trimmed(runtime) + "/fonsters"
        } else {
            let temporary = environment["TMPDIR"].flatMap { $0.hasPrefix("/") ? $0 : nil } ?? "/tmp"
            path = trimmed(temporary) + "/fonsters-\(getuid())"
        }
        if mkdir(path, 0o700) != 0 && errno != EEXIST {
            throw CLIFailure("Cannot make the folder \(path) for the web server's address", errno: errno)
        }
        var info = stat()
        guard lstat(path, &info) == 0 else { throw CLIFailure("Cannot read \(path)", errno: errno) }
        guard info.st_mode & S_IFMT == S_IFDIR, info.st_uid == getuid(), info.st_mode & 0o077 == 0 else {
            throw CLIFailure("The folder \(path) is not a private folder of yours (it must be yours, with mode 0700, "
                + "not a link); remove it and try again.")
        }
        return path
    }

    /// The runtime file of the library at `store`, in `folder`.
    static func path(forStore store: String, in folder: String) -> String {
        folder + "/web-\(storeKey(store)).json"
    }

    /// The log of a server `fonsters-rpc open` started for the library at `store`.
    static func logPath(forStore store: String, in folder: String) -> String {
        folder + "/web-\(storeKey(store)).log"
    }

    /// The lock that keeps two `fonsters-rpc open` from starting two servers for one library.
    static func lockPath(forStore store: String, in folder: String) -> String {
        folder + "/web-\(storeKey(store)).lock"
    }

    /// A library's path as both the server and `open` name it: absolute, links resolved when the
    /// file exists.
    static func canonical(_ store: String) -> String {
        let absolute = StoreLocation.absolutePath(store)
        guard let resolved = realpath(absolute, nil) else { return absolute }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    private static func storeKey(_ store: String) -> String {
        SHA1.hash(Array(canonical(store).utf8)).prefix(8).map { String(format: "%02x", $0) }.joined()
    }

    private static func trimmed(_ path: String) -> String {
        var path = Substring(path)
        while path.count > 1 && path.hasSuffix("/") { path = path.dropLast() }
        return String(path)
    }

    // MARK: Reading and writing

    /// The record at `path`, or nil when there is none or it cannot be read.
    static func read(_ path: String) -> WebRuntimeFile? {
        guard let data = FileManager.default.contents(atPath: path), data.count < 64 * 1024,
              let json = try? JSONParser.parse([UInt8](data)) else { return nil }
        return WebRuntimeFile(json: json)
    }

    /// Writes the record to `path` (mode 0600, through a temporary file and a rename, so a
    /// reader sees the old file or the new one, whole).
    func write(to path: String) throws {
        let temporary = "\(path).\(getpid()).tmp"
        unlink(temporary)
        let fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw CLIFailure("Cannot write \(temporary)", errno: errno) }
        let file = FileHandle(fileDescriptor: fd, closeOnDealloc: true)
        let written: Bool
        do { try file.write(contentsOf: Data(json.serialized() + [0x0A])); written = true } catch { written = false }
        try? file.close()
        guard written, rename(temporary, path) == 0 else {
            let code = errno
            unlink(temporary)
            throw CLIFailure("Cannot write \(path)", errno: code)
        }
    }

    /// Removes the file at `path` when it still names process `pid` (a later server of the same
    /// library may have replaced it).
    static func remove(_ path: String, ifOf pid: Int32) {
        if read(path)?.pid == pid { unlink(path) }
    }

    // MARK: Is it live?

    /// Whether the server is running: its process exists and its port answers its token (a
    /// `HEAD /?token=…` is redirected, 303). A killed server's file, a reused pid or a port now
    /// held by another server all make it stale.
    func isLive(timeout: Duration = .seconds(3)) -> Bool {
        guard kill(pid, 0) == 0 else { return false }
        let numeric = host.hasPrefix("[") && host.hasSuffix("]") ? String(host.dropFirst().dropLast()) : host
        let request = "HEAD /?token=\(token) HTTP/1.1\r\nHost: \(host):\(port)\r\nConnection: close\r\n\r\n"
        guard let status = LoopbackProbe.statusLine(host: numeric, port: port, request: request, timeout: timeout) else { return false }
        return status.hasPrefix("HTTP/1.1 303")
    }
}

/// What `web` does with its runtime file: writes it, and removes it when the process is stopped.
extension WebRuntimeFile {
    /// Writes the runtime file of the server now listening for the library at `store`, and
    /// removes it when SIGINT, SIGTERM or SIGHUP (unless ignored, as under `nohup`) stops the
    /// process, which the signal then ends as before. A failure is logged: the server serves all
    /// the same, only `fonsters-rpc open` cannot find it.
    static func publish(store: String, host: String, port: Int, token: String, log: TransportLog) {
        let record = WebRuntimeFile(pid: getpid(), host: host, port: port, token: token, store: canonical(store))
        let path: String
        do {
            path = Self.path(forStore: record.store, in: try folder())
            try record.write(to: path)
        } catch {
            log("warning: \(error); fonsters-rpc open will not find this server")
            return
        }
        var info = stat()
        guard lstat(path, &info) == 0 else { return }
        RuntimeFileCleanup.path = strdup(path)
        RuntimeFileCleanup.inode = info.st_ino
        for signalNumber in [SIGINT, SIGTERM, SIGHUP] {
            // Left alone when ignored (as under nohup): the signal must not start to stop the server.
            let previous = signal(signalNumber, RuntimeFileCleanup.handler)
            if unsafeBitCast(previous, to: Int.self) == unsafeBitCast(SIG_IGN, to: Int.self) { signal(signalNumber, SIG_IGN) }
        }
    }
}

/// What the signal handler needs, set once before it is installed: the runtime file's path and
/// inode (a later server of the same library may have put its own file there).
private enum RuntimeFileCleanup {
    nonisolated(unsafe) static var path: UnsafeMutablePointer<CChar>?
    nonisolated(unsafe) static var inode: ino_t = 0

    /// Removes the runtime file if it is still ours, then lets the signal end the process as it
    /// would have (async-signal-safe calls only: lstat, unlink, signal, raise).
    static let handler: @convention(c) (Int32) -> Void = { signalNumber in
        if let path = RuntimeFileCleanup.path {
            var info = stat()
            if lstat(path, &info) == 0 && info.st_ino == RuntimeFileCleanup.inode { unlink(path) }
        }
        signal(signalNumber, SIG_DFL)
        raise(signalNumber)
    }
}
