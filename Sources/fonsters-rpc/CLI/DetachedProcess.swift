import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Starts a program that outlives the one starting it: in a session of its own (no terminal to
/// hang up on it), its input from /dev/null, its output and errors in a log file (made anew).
enum DetachedProcess {
    /// Starts `executable` with `arguments` and this process's environment; returns its pid.
    static func start(_ executable: String, _ arguments: [String], log: String) throws -> pid_t {
        let logFD = open(log, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        guard logFD >= 0 else { throw CLIFailure("Cannot open the log \(log)", errno: errno) }
        defer { close(logFD) }
        #if canImport(Glibc)
        var actions = posix_spawn_file_actions_t()
        var attributes = posix_spawnattr_t()
        #else
        var actions: posix_spawn_file_actions_t?
        var attributes: posix_spawnattr_t?
        #endif
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, logFD, 1)
        posix_spawn_file_actions_adddup2(&actions, logFD, 2)
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        // The stopping signals as they are by default, whatever this process does with them.
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for signalNumber in [SIGINT, SIGTERM, SIGHUP] { sigaddset(&defaults, signalNumber) }
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setflags(&attributes, Int16(newSession | Int32(POSIX_SPAWN_SETSIGDEF)))

        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        var pid: pid_t = 0
        let status = posix_spawn(&pid, executable, &actions, &attributes, argv, environ)
        guard status == 0 else { throw CLIFailure("Cannot start \(executable)", errno: status) }
        return pid
    }

    /// `POSIX_SPAWN_SETSID`: the child starts a session of its own.
    #if os(macOS)
    private static let newSession: Int32 = 0x0400
    #else
    private static let newSession: Int32 = 0x80
    #endif
}
