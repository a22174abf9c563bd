import Foundation

/// Reads a command's arguments after the Unix conventions: options may come before, between or
/// after the operands, `--opt VALUE` and `--opt=VALUE` both work, `--` ends the options (what
/// follows is an operand even if it starts with a dash), a lone `-` is an operand, an option given
/// twice or an unknown one is an error, and `-h`/`--help` anywhere before `--` asks for help.
struct ArgumentReader {
    /// Operands met so far, in order.
    private(set) var operands: [String] = []
    private var rest: ArraySlice<String>
    private var inlineValue: String?
    private var seen: Set<String> = []
    private let aliases: [String: String]

    /// A reader over `args`; `aliases` maps short spellings to the option's name (`-o` → `--output`).
    init(_ args: [String], aliases: [String: String] = [:]) {
        rest = args[...]
        self.aliases = aliases
    }

    /// Whether `args` asks for help: `-h` or `--help` before any `--`.
    static func asksForHelp(_ args: [String]) -> Bool {
        args.prefix { $0 != "--" }.contains { $0 == "-h" || $0 == "--help" }
    }

    /// The next option's name (aliases resolved), collecting operands on the way; nil at the end.
    /// Throws when the option was already given.
    mutating func nextOption() throws -> String? {
        if let inlineValue { throw CLIError("The option \(lastOption) takes no value; this got '\(inlineValue)'.") }
        while let arg = rest.popFirst() {
            if arg == "--" {
                operands.append(contentsOf: rest)
                rest = []
                return nil
            }
            guard arg.hasPrefix("-"), arg != "-" else {
                operands.append(arg)
                continue
            }
            var name = arg
            if arg.hasPrefix("--"), let equals = arg.firstIndex(of: "=") {
                name = String(arg[..<equals])
                inlineValue = String(arg[arg.index(after: equals)...])
            }
            name = aliases[name] ?? name
            guard seen.insert(name).inserted else {
                throw CLIError("The option \(name) is given twice; give it once.")
            }
            lastOption = name
            return name
        }
        return nil
    }

    /// The value of the option just read: the rest of `--opt=VALUE`, else the next argument.
    /// A next argument that starts with `--` is another option, not a value.
    mutating func value() throws -> String {
        if let v = inlineValue {
            inlineValue = nil
            return v
        }
        guard let v = rest.first, !v.hasPrefix("--") else {
            throw CLIError("The option \(lastOption) needs a value.")
        }
        rest.removeFirst()
        return v
    }

    /// Whether `option` has been read.
    func has(_ option: String) -> Bool { seen.contains(option) }

    /// The error for an option `command` does not know, e.g. "The option --bogus is not one describe knows."
    /// Commands that take seeds say how to pass one that starts with a dash.
    func unknown(_ option: String, command: String, takesSeeds: Bool = false) -> CLIError {
        CLIError("The option \(option) is not one \(command) knows"
                 + (takesSeeds ? "; a seed that starts with a dash goes after --, as in '\(command) -- \(option)'." : "."))
    }

    private var lastOption = ""
}
