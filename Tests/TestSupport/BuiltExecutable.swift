import Foundation

/// Runs the built `fonsters-rpc` executable as a real child process.
public enum BuiltExecutable {
    /// The executable: `$FONSTERS_BIN` if set, else `fonsters-rpc` beside the test bundle.
    public static var url: URL {
        if let path = ProcessInfo.processInfo.environment["FONSTERS_BIN"] { return URL(fileURLWithPath: path) }
        #if os(Linux)
        let testBinary = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        #else
        let testBinary = Bundle.main.bundleURL
        #endif
        var dir = testBinary.deletingLastPathComponent()
        while dir.path != "/" {
            let candidate = dir.appendingPathComponent("fonsters-rpc")
            var isDir: ObjCBool = false
            if FileManager.default.fileExists(atPath: candidate.path, isDirectory: &isDir), !isDir.boolValue {
                return candidate
            }
            dir = dir.deletingLastPathComponent()
        }
        return testBinary.deletingLastPathComponent().appendingPathComponent("fonsters-rpc")
    }

    /// The outcome of one run.
    public struct Result: Sendable {
        /// Exit status, standard output and standard error.
        public let status: Int32, stdout: Data, stderr: Data
        /// Standard error as text.
        public var stderrText: String { String(decoding: stderr, as: UTF8.self) }
    }

    /// Runs the executable with `arguments`, feeding `stdin`, and waits for it to exit;
    /// `currentDirectory` is the folder it runs in (the test's own when nil).
    public static func run(_ arguments: [String], stdin: Data = Data(), environment: [String: String]? = nil,
                           currentDirectory: URL? = nil) throws -> Result {
        let process = Process()
        process.executableURL = url
        process.arguments = arguments
        if let currentDirectory { process.currentDirectoryURL = currentDirectory }
        if let environment { process.environment = environment }
        let input = Pipe(), output = Pipe(), errors = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        // Read both pipes concurrently so a large output cannot block the child.
        nonisolated(unsafe) var err = Data()
        let reader = Thread { err = errors.fileHandleForReading.readDataToEndOfFile() }
        reader.start()
        input.fileHandleForWriting.write(stdin)
        try input.fileHandleForWriting.close()
        let out = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        while !reader.isFinished { usleep(1000) }
        return Result(status: process.terminationStatus, stdout: out, stderr: err)
    }
}
