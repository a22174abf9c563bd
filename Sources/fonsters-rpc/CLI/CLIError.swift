/// A command-line mistake: printed to stderr with the usage hint, exit code 2.
struct CLIError: Error, CustomStringConvertible {
    let description: String
    init(_ message: String) { description = message }
}
