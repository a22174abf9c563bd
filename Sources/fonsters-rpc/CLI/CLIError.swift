import Foundation

/// A command-line mistake (an unknown option, a missing or contradictory value): printed on one
/// line with a hint to the command's `--help`, exit code 2. `message` is a full sentence.
struct CLIError: Error, CustomStringConvertible {
    let description: String
    init(_ message: String) { description = message }
}

/// A failure while doing the work (a file that cannot be read or written): printed on one line
/// with the system's reason, no usage, exit code 1. `message` is a full sentence.
struct CLIFailure: Error, CustomStringConvertible {
    let description: String
    init(_ message: String) { description = message }

    /// "`action`: `strerror(code)`." — e.g. "Cannot write x.png: Permission denied."
    init(_ action: String, errno code: Int32) {
        description = "\(action): \(String(cString: strerror(code)))."
    }
}
