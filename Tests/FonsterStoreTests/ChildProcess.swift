import Foundation
import Testing
import JSON
@testable import FonsterStore

/// The environment variable that turns this test binary into a store child process.
let childArgumentsVariable = "FONSTERS_STORE_CHILD_ARGS"

/// Not a test: when the test binary is re-run with `FONSTERS_STORE_CHILD_ARGS` set, this is the
/// child of the crash-safety and two-process tests. It never returns in that mode.
@Test(.enabled(if: ProcessInfo.processInfo.environment[childArgumentsVariable] != nil))
func storeChildProcessEntry() throws {
    let json = try JSONValue(parsing: ProcessInfo.processInfo.environment[childArgumentsVariable]!)
    let arguments = (json.array ?? []).compactMap(\.string)
    exit(runCrashChild(arguments: arguments))
}

/// Starts this test binary as a store child running `arguments` (see `runCrashChild`).
func startChild(_ arguments: [String]) throws -> Process {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: CommandLine.arguments[0])
    process.arguments = ["--filter", "storeChildProcessEntry", "--testing-library", "swift-testing"]
    var environment = ProcessInfo.processInfo.environment
    environment[childArgumentsVariable] = JSONValue.array(arguments.map(JSONValue.string)).serializedString()
    process.environment = environment
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    try process.run()
    return process
}

/// The complete lines of a child's report file (a line cut short by a kill is ignored).
func reportLines(_ path: String) -> [String] {
    let text = String(decoding: bytes(path), as: UTF8.self)
    var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    lines.removeLast()  // the part after the last newline: empty, or a torn line
    return lines
}
