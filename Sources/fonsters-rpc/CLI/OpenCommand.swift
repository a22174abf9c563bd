import Foundation
import CreatureCore
import FonsterStore
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `fonsters-rpc open [LINK] [--store PATH] [--port N]`: opens a share link (or, without one, the
/// library) in the browser GUI of the web server of the library, starting that server when none
/// runs. The link is read first: a bad one is refused before anything starts.
enum OpenCommand {
    /// The command's `--help`.
    static let help = """
    usage: fonsters-rpc open [LINK] [--store PATH] [--port N]

    Opens a share link in the browser: the web GUI of your library shows the link's creatures
    for review before anything is added. LINK is a Fonsters share link, as the apps and
    share/build make (https://nathanfennel.com/games/creature-avatar?cards=… or fonsters://…?cards=…);
    without LINK, the library alone is opened.

    The page is that of the `fonsters-rpc web` serving the library (found through the small
    file it keeps in $XDG_RUNTIME_DIR/fonsters, else $TMPDIR/fonsters-UID); when none runs, one
    is started in the background (`fonsters-rpc web --port 0 --store PATH`, its output in a
    log beside that file; stop it with kill PID). The address goes to the browser through
    xdg-open (open on macOS), or through the program named by $FONSTERS_OPENER.

      --store PATH   the library (default: as the server's --store: $FONSTERS_STORE, else the
                     platform's application-support folder)
      --port N       the port of a server this starts (default 0: a free one)
      -h, --help     show this help

    A link that cannot be read is refused with exit code 2 and says why.
    `fonsters-rpc install-desktop` makes fonsters:// links open this way.
    """

    /// How long a started server has to say where it serves.
    static let startDeadline = Duration.seconds(20)
    /// How long the opener may run before it is left to itself (some run as long as the browser).
    static let openerDeadline = Duration.seconds(10)

    /// Opens the link (or the library) as `help` says; throws `CLIError` for a bad link or command
    /// line (exit 2), `CLIFailure` when no server could be found, started or shown (exit 1).
    static func run(_ args: [String]) throws {
        var reader = ArgumentReader(args)
        var location = StoreLocation.default
        var port = 0
        while let name = try reader.nextOption() {
            switch name {
            case "--store":
                let path = try reader.value()
                guard !path.isEmpty else { throw CLIError("The store path is empty; give --store a file path.") }
                location = .file(path)
            case "--port":
                let value = try reader.value()
                guard let number = Int(value), (0...65535).contains(number) else {
                    throw CLIError("The port '\(value)' is not a whole number from 0 to 65535 (0 picks a free one).")
                }
                port = number
            case "--memory":
                throw CLIError("A library in memory has no server to find; open serves a library file (--store PATH).")
            default:
                throw reader.unknown(name, command: "open")
            }
        }
        guard reader.operands.count <= 1 else {
            throw CLIError("open takes one share link; this got \(reader.operands.count) arguments.")
        }
        let cards = try reader.operands.first.map(cardsOf)
        let store = WebRuntimeFile.canonical(location.resolvedPath() ?? "")
        let folder = try WebRuntimeFile.folder()

        let (server, started) = try withLock(WebRuntimeFile.lockPath(forStore: store, in: folder)) {
            try findOrStart(store: store, folder: folder, port: port)
        }
        try openInBrowser(server.address(cards: cards))
        let what = cards == nil ? "the library" : "the link's creatures for review"
        var line = "Opened \(what) at \(server.origin) (fonsters-rpc web, pid \(server.pid))."
        if started {
            line += " Started that server for \(store); its log: \(WebRuntimeFile.logPath(forStore: store, in: folder)); stop it with: kill \(server.pid)"
        }
        print(line)
    }

    /// The link's cards as the page's `cards` (and `meta`, when the link names or engines its
    /// cards): read as `share/preview` reads it (the same refusals), written anew as base64url
    /// so nothing else of the link goes on.
    static func cardsOf(_ link: String) throws -> String {
        let cards: [ShareLink.Card]
        do { cards = try ShareLink.parseCards(link) } catch { throw CLIError(error.message) }
        for card in cards {
            do {
                try TextLimit.check(card.seed, field: "url")
                try TextLimit.check(card.name ?? "", field: "url")
            } catch { throw CLIError(error.message) }
        }
        return String(ShareLink.build(cards: cards).dropFirst(ShareLink.base.count))
    }

    /// The live server of `store`, or one started now (true).
    private static func findOrStart(store: String, folder: String, port: Int) throws -> (WebRuntimeFile, Bool) {
        let path = WebRuntimeFile.path(forStore: store, in: folder)
        if let record = WebRuntimeFile.read(path) {
            if record.isLive() { return (record, false) }
            WebRuntimeFile.remove(path, ifOf: record.pid)
        }
        let log = WebRuntimeFile.logPath(forStore: store, in: folder)
        let pid = try DetachedProcess.start(executablePath(), ["web", "--port", String(port), "--store", store], log: log)
        let deadline = ContinuousClock.now + startDeadline
        while ContinuousClock.now < deadline {
            var status: Int32 = 0
            if waitpid(pid, &status, WNOHANG) == pid {
                throw CLIFailure("fonsters-rpc web stopped as it started: \(lastLine(of: log)) (log: \(log))")
            }
            if let record = WebRuntimeFile.read(path), record.pid == pid, record.isLive() { return (record, true) }
            Thread.sleep(forTimeInterval: 0.05)
        }
        throw CLIFailure("fonsters-rpc web (pid \(pid)) did not say where it serves within \(startDeadline.components.seconds) s; see \(log).")
    }

    /// Hands `address` to the browser: `$FONSTERS_OPENER`, else xdg-open (open on macOS). Waits
    /// for the opener to finish, at most `openerDeadline`.
    private static func openInBrowser(_ address: String) throws {
        let environment = ProcessInfo.processInfo.environment
        #if os(macOS)
        let standard = "/usr/bin/open"
        #else
        let standard = "xdg-open"
        #endif
        let opener = environment["FONSTERS_OPENER"].flatMap { $0.isEmpty ? nil : $0 } ?? standard
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [opener, address]
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.standardError
        do { try process.run() } catch {
            throw CLIFailure("Cannot run \(opener) (\(error)); open \(address) yourself.")
        }
        let deadline = ContinuousClock.now + openerDeadline
        while process.isRunning && ContinuousClock.now < deadline { Thread.sleep(forTimeInterval: 0.02) }
        if process.isRunning { return }
        switch process.terminationStatus {
        case 0: return
        case 127: throw CLIFailure("The opener \(opener) was not found\(opener == "xdg-open" ? " (Debian: apt-get install xdg-utils)" : ""); open \(address) yourself.")
        case let code: throw CLIFailure("The opener \(opener) failed (exit \(code)); open \(address) yourself.")
        }
    }

    /// Runs `body` holding an exclusive lock on the file at `path` (made when missing).
    private static func withLock<T>(_ path: String, _ body: () throws -> T) throws -> T {
        let fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw CLIFailure("Cannot open \(path)", errno: errno) }
        defer { close(fd) }
        while flock(fd, LOCK_EX) != 0 {
            guard errno == EINTR else { throw CLIFailure("Cannot lock \(path)", errno: errno) }
        }
        return try body()
    }

    /// This program's own path, to start its web server.
    private static func executablePath() -> String {
        Bundle.main.executablePath ?? CommandLine.arguments[0]
    }

    /// The log's last non-empty line (what the server said as it stopped).
    private static func lastLine(of path: String) -> String {
        let text = (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
        return text.split(separator: "\n").last.map(String.init) ?? "it printed nothing"
    }
}
