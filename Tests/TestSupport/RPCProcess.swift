import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The built `fonsters-rpc` running as a child process over real pipes: frames and writes
/// messages, collects what comes back on stdout (strictly decoded, so stray bytes are caught)
/// and stderr, and waits for messages and for its exit (up to `Patience.backstop`). Killed when released.
public final class RPCProcess: @unchecked Sendable {
    /// The framing this client writes (the server answers in kind).
    public let framing: WireFraming
    private let process = Process()
    private let stdinFD: Int32
    private let condition = NSCondition()
    // Guarded by `condition`.
    private var decoder: WireDecoder
    private var bodies: [[UInt8]] = []
    private var stdoutEnded = false
    private var stdoutBytes = 0
    private var stderrData = Data()
    private var stderrEnded = false
    private var inputClosed = false

    /// Starts `fonsters-rpc arguments…` (the binary from `BuiltExecutable.url`).
    public init(_ arguments: [String], framing: WireFraming = .contentLength,
                environment: [String: String]? = nil) throws {
        signal(SIGPIPE, SIG_IGN)  // writing to a server that has exited must not kill the tests
        self.framing = framing
        decoder = WireDecoder(framing: framing)
        let input = Pipe(), output = Pipe(), errors = Pipe()
        process.executableURL = BuiltExecutable.url
        process.arguments = arguments
        if let environment { process.environment = environment }
        process.standardInput = input
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        stdinFD = input.fileHandleForWriting.fileDescriptor
        startReader(output.fileHandleForReading) { [self] chunk in
            if chunk.isEmpty {
                stdoutEnded = true
            } else {
                stdoutBytes += chunk.count
                bodies += decoder.feed(Array(chunk))
            }
        }
        startReader(errors.fileHandleForReading) { [self] chunk in
            if chunk.isEmpty { stderrEnded = true } else { stderrData += chunk }
        }
    }

    deinit {
        if process.isRunning { systemKill(process.processIdentifier, SIGKILL) }
        if !inputClosed { close(stdinFD) }
    }

    private func startReader(_ handle: FileHandle, _ consume: @escaping @Sendable (Data) -> Void) {
        let fd = handle.fileDescriptor
        let thread = Thread { [condition] in
            var buffer = [UInt8](repeating: 0, count: 65536)
            while true {
                let n = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, 65536) }
                if n < 0 && errno == EINTR { continue }
                condition.lock()
                consume(n > 0 ? Data(buffer[0..<n]) : Data())
                condition.broadcast()
                condition.unlock()
                if n <= 0 { break }
            }
        }
        thread.start()
    }

    /// The child's process id.
    public var pid: Int32 { process.processIdentifier }

    /// Writes raw bytes to the server's stdin (false if the pipe is closed).
    @discardableResult
    public func writeRaw(_ bytes: [UInt8]) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let n = bytes[offset...].withUnsafeBytes { systemWrite(stdinFD, $0.baseAddress, $0.count) }
            if n < 0 {
                if errno == EINTR { continue }
                return false
            }
            offset += n
        }
        return true
    }

    /// Frames `body` and writes it.
    @discardableResult
    public func send(body: [UInt8]) -> Bool { writeRaw(framing.frame(body)) }

    /// Closes stdin: end of input for the server.
    public func closeInput() {
        condition.lock()
        defer { condition.unlock() }
        guard !inputClosed else { return }
        inputClosed = true
        close(stdinFD)
    }

    /// The next message body from stdout; nil when none comes within `timeout` seconds (a
    /// backstop against a hang, unless a test checks that nothing comes) or stdout ended.
    public func nextBody(timeout: TimeInterval = Patience.backstop) -> [UInt8]? {
        let deadline = Date().addingTimeInterval(timeout)
        condition.lock()
        defer { condition.unlock() }
        while bodies.isEmpty && !stdoutEnded && decoder.violation == nil {
            if !condition.wait(until: deadline) { break }
        }
        return bodies.isEmpty ? nil : bodies.removeFirst()
    }

    /// Waits for the process to exit (up to the backstop `timeout`); its exit status, or nil if it
    /// is still running. (A death by signal is reported as 128 + the signal number.) Once it has
    /// exited, `stderrText` holds every line it wrote: this also waits for stderr's end of file.
    public func waitForExit(timeout: TimeInterval = Patience.backstop) -> Int32? {
        try? waitUntil("the process to exit", backstop: timeout) { !process.isRunning }
        guard !process.isRunning else { return nil }
        // The reader thread may not have read the last lines yet (a busy machine showed it).
        let deadline = Date().addingTimeInterval(timeout)
        condition.lock()
        while !stderrEnded && condition.wait(until: deadline) {}
        condition.unlock()
        return process.terminationReason == .uncaughtSignal ? 128 + process.terminationStatus : process.terminationStatus
    }

    /// Whether the process is still running.
    public var isRunning: Bool { process.isRunning }

    /// The process's peak resident set size in kB (`VmHWM` of /proc/PID/status; Linux only).
    public var peakRSSKilobytes: Int? { ProcessStats.peakRSSKilobytes(pid: pid) }

    /// The CPU time the process has used, user and system, in clock ticks (/proc/PID/stat).
    public var cpuTicks: Int? { ProcessStats.cpuTicks(pid: pid) }

    /// Kills the process (SIGKILL).
    public func kill() { if process.isRunning { systemKill(process.processIdentifier, SIGKILL) } }

    /// Everything written to stderr so far, as text (all of it once `waitForExit` gave a status).
    public var stderrText: String {
        condition.lock()
        defer { condition.unlock() }
        return String(decoding: stderrData, as: UTF8.self)
    }

    /// Why stdout is not clean protocol output (bytes outside valid frames, or a partial frame
    /// once stdout has ended); nil when every byte so far belonged to a frame.
    public var stdoutViolation: String? {
        condition.lock()
        defer { condition.unlock() }
        if let violation = decoder.violation { return violation }
        if stdoutEnded && decoder.leftover > 0 { return "\(decoder.leftover) bytes of a partial frame at the end" }
        return nil
    }

    /// Whether stdout has reached end of file.
    public var outputEnded: Bool {
        condition.lock()
        defer { condition.unlock() }
        return stdoutEnded
    }

    /// Total bytes read from stdout.
    public var stdoutByteCount: Int {
        condition.lock()
        defer { condition.unlock() }
        return stdoutBytes
    }
}

#if canImport(Glibc)
private func systemWrite(_ fd: Int32, _ bytes: UnsafeRawPointer?, _ count: Int) -> Int { Glibc.write(fd, bytes, count) }
private func systemKill(_ pid: Int32, _ signal: Int32) { _ = Glibc.kill(pid, signal) }
#else
private func systemWrite(_ fd: Int32, _ bytes: UnsafeRawPointer?, _ count: Int) -> Int { Darwin.write(fd, bytes, count) }
private func systemKill(_ pid: Int32, _ signal: Int32) { _ = Darwin.kill(pid, signal) }
#endif

/// Figures of a running process read from /proc (Linux).
public enum ProcessStats {
    /// `VmHWM` (peak resident set) in kB.
    public static func peakRSSKilobytes(pid: Int32) -> Int? {
        guard let text = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
              let line = text.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }) else { return nil }
        return Int(line.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first ?? "")
    }

    /// Waits until `pid` uses no CPU for half a second (at most a tick, 10 ms, in each tenth of a
    /// second: a process at rest being sampled), polling; false if it is still working after the
    /// backstop `timeout`. A cancelled request must stop working, not just stop answering. A loaded
    /// machine only makes the process slower to finish, never its rest look like work.
    public static func waitForIdleCPU(pid: Int32, timeout: TimeInterval = Patience.backstop) -> Bool {
        var quiet = 0, last = cpuTicks(pid: pid), sampled = Date()
        return (try? waitUntil("process \(pid) to use no CPU", backstop: timeout) {
            guard Date().timeIntervalSince(sampled) >= 0.1 else { return false }  // one sample a tenth of a second
            let now = cpuTicks(pid: pid)
            if let now, let before = last, now - before <= 1 { quiet += 1 } else { quiet = 0 }
            last = now
            sampled = Date()
            return quiet >= 5
        }) != nil
    }

    /// Waits until `pid` has used `ticks` clock ticks of CPU more than `from` (it is working);
    /// false after the backstop `timeout`.
    public static func waitForCPU(pid: Int32, ticks: Int, moreThan from: Int, timeout: TimeInterval = Patience.backstop) -> Bool {
        (try? waitUntil("process \(pid) to use \(ticks) ticks of CPU", backstop: timeout) {
            guard let now = cpuTicks(pid: pid) else { return false }
            return now - from >= ticks
        }) != nil
    }

    /// utime + stime in clock ticks (usually 100 a second).
    public static func cpuTicks(pid: Int32) -> Int? {
        guard let text = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
              let close = text.lastIndex(of: ")") else { return nil }
        // Fields after the command name: state is field 3; utime and stime are fields 14 and 15.
        let fields = text[text.index(after: close)...].split(separator: " ")
        guard fields.count > 12, let user = Int(fields[11]), let system = Int(fields[12]) else { return nil }
        return user + system
    }
}
