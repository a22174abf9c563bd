import CreatureCore
import FonsterDocument
import FonsterStore

/// The files made from the method declarations, as text: `openrpc.json`, the fronts' API module
/// `clients/web/ui/protocol.mjs`, the extension's command ids, and protocol.md's generated
/// sections. `fonsters-rpc describe-protocol` prints them; `scripts/regen.sh` writes them and
/// `--check` compares.
public enum ProtocolFiles {
    /// Every declaration (answering with an in-memory store nothing opens).
    static var declarations: [MethodDeclaration] { MethodTable.declarations(ServerContext(location: .memory, options: StoreOptions())) }
    /// Every notification's declaration, the same way.
    static var notifications: [NotificationDeclaration] {
        MethodTable.notificationDeclarations(ServerContext(location: .memory, options: StoreOptions()))
    }

    /// `openrpc.json`: two-space indentation, keys in their order, one value per line.
    public static var openRPC: String { PrettyJSON.text(OpenRPCDocument.make(declarations)) }

    /// `clients/web/ui/protocol.mjs`: every method with its params (and which are required), the
    /// check every call of the fronts goes through, the method names and the error codes.
    public static var module: String {
        let declarations = Self.declarations
        let methods = declarations.map { d in
            let names = JSONValue.array(d.params.map { .string($0.name) }).serializedString()
            let required = JSONValue.array(d.params.filter(\.required).map { .string($0.name) }).serializedString()
            return "  \(JSONValue.string(d.name).serializedString()): { params: \(names), required: \(required) },"
        }
        let names = JSONValue.array(declarations.map { .string($0.name) }).serializedString()
        let codes = ErrorCatalog.entries.map { "  \($0.name): \($0.code.rawValue)," }
        return """
        // Generated from the server's typed method declarations by scripts/regen.sh
        // (fonsters-rpc describe-protocol protocol.mjs); `scripts/regen.sh --check` fails when it is
        // stale. Do not edit. Every call of the web page and of the extension's detail view goes
        // through `checkCall`, so a renamed or misspelt param fails a test, not a user.

        /** Each method's params and the ones it requires. */
        export const METHODS = Object.freeze({
        \(methods.joined(separator: "\n"))
        });

        /**
         * Throws when `method` is not one the server declares, when `params` holds a key it does
         * not declare, or lacks one it requires.
         * @param {string} method @param {any} [params]
         */
        export function checkCall(method, params) {
          const m = METHODS[method];
          if (!m) throw new Error(`${method} is not a method of fonsters-rpc`);
          const keys = Object.keys(params || {});
          for (const key of keys) {
            if (key !== 'workDoneToken' && !m.params.includes(key)) throw new Error(`${method} takes no param '${key}' (it takes ${m.params.join(', ') || 'none'})`);
          }
          for (const key of m.required) if (!keys.includes(key)) throw new Error(`${method} needs '${key}'`);
        }

        /** Every method's name, in the server's order. */
        export const METHOD_NAMES = Object.freeze(\(names));

        /** The error codes the server answers with, by the names of the Swift `ErrorCode` statics. */
        export const ERROR_CODES = Object.freeze({
        \(codes.joined(separator: "\n"))
        });

        """
    }

    /// `clients/vscode-extension/src/language/commands.generated.js`: the commands of
    /// `workspace/executeCommand`, which the extension registers as VS Code commands of the same ids.
    public static var extensionCommands: String {
        let commands = ExecuteCommandMethod.Command.allCases.map { "  \($0): \(JSONValue.string($0.rawValue).serializedString())," }
        return """
        // @ts-check
        // Generated from the server's typed method declarations by scripts/regen.sh
        // (fonsters-rpc describe-protocol commands.generated.js); `scripts/regen.sh --check` fails
        // when it is stale. Do not edit.
        'use strict';

        /** The commands of workspace/executeCommand (the code actions run them), by their names in the server. */
        const COMMAND = Object.freeze({
        \(commands.joined(separator: "\n"))
        });

        /** Every command's id, in the server's order. */
        const COMMANDS = Object.freeze(Object.values(COMMAND));

        module.exports = { COMMAND, COMMANDS };

        """
    }

    /// A generated section's markers: `<!-- generated:KIND ARGS -->` … `<!-- /generated -->`.
    static let open = "<!-- generated:", close = "<!-- /generated -->"

    /// Why a document's generated sections cannot be filled.
    public struct DocumentError: Error, CustomStringConvertible {
        public let description: String
    }

    /// `document` (protocol.md) with each generated section filled: `params METHOD…` (the
    /// method's or notification's params as a table; several must take the same), `errors` (the
    /// table of error codes), `limits NAME…` (the bounds table of those limits, `LimitPolicy`),
    /// `diagnostics` (the table of `Finding.Code`), `capabilities` (the LSP capabilities
    /// `initialize` announces) and `server-options` (`serverOptions`, the `--help` lines, as a code
    /// block). Every declared method with a section in the document must have its params section.
    public static func document(_ document: String, serverOptions: String) throws(DocumentError) -> String {
        let named = declarations.map { (name: $0.name, params: $0.params) } + notifications.map { (name: $0.name, params: $0.params) }
        let byName = Dictionary(named.map { ($0.name, $0) }) { a, _ in a }
        var out = "", rest = Substring(document), covered: Set<String> = []
        while let start = rest.range(of: open) {
            out += rest[..<start.lowerBound]
            guard let headEnd = rest[start.upperBound...].range(of: " -->"),
                  let end = rest[headEnd.upperBound...].range(of: close) else {
                throw DocumentError(description: "protocol.md: a '\(open)' marker without its ' -->' or '\(close)'")
            }
            let head = rest[start.upperBound..<headEnd.lowerBound].split(separator: " ").map(String.init)
            let body: String
            switch head.first {
            case "params":
                let methods = try head.dropFirst().map { name throws(DocumentError) -> (name: String, params: [ParamDeclaration]) in
                    guard let d = byName[name] else { throw DocumentError(description: "protocol.md: no method or notification named \(name)") }
                    return d
                }
                guard let first = methods.first else { throw DocumentError(description: "protocol.md: a params section names no method") }
                for d in methods where d.params.map(\.name) != first.params.map(\.name) {
                    throw DocumentError(description: "protocol.md: \(d.name) and \(first.name) share a params section but not their params")
                }
                covered.formUnion(methods.map(\.name))
                body = paramsTable(first.params)
            case "errors": body = errorsTable
            case "limits": body = try LimitPolicy.markdown(Array(head.dropFirst()))
            case "diagnostics": body = diagnosticsTable
            case "capabilities": body = capabilitiesTable
            case "server-options": body = "```\n" + serverOptions + "\n```"
            default: throw DocumentError(description: "protocol.md: unknown generated section '\(head.joined(separator: " "))'")
            }
            out += rest[start.lowerBound..<headEnd.upperBound] + "\n" + body + "\n" + close
            rest = rest[end.upperBound...]
        }
        out += rest
        let missing = declarations.map(\.name).filter { !covered.contains($0) && document.contains("### \($0)") }
        guard missing.isEmpty else {
            throw DocumentError(description: "protocol.md: no generated params section for \(missing.joined(separator: ", "))")
        }
        return out
    }

    /// A method's params: one row each, with its type and note (`Params:` none, when it takes none).
    static func paramsTable(_ params: [ParamDeclaration]) -> String {
        guard !params.isEmpty else { return "Params: none." }
        let rows = params.map { p in
            "| `\(p.name)`\(p.required ? " (required)" : "") | \(SchemaText.short(p.schema)) | \(p.note ?? "") |"
        }
        return (["| param | type | meaning |", "|---|---|---|"] + rows).joined(separator: "\n")
    }

    /// The LSP capabilities the registered methods bring: one row per key, its value and what brings
    /// it (a part that adds nothing, as didSave's, left out).
    static var capabilitiesTable: String {
        let features = MethodTable.features
        let rows = MethodTable.capabilities.map { capability in
            let from = features.filter { $0.capability.name == capability.name && $0.capability.value != [:] }.map { "`\($0.name)`" }
            return "| `\(capability.name)` | `\(capability.value.serializedString())` | \(from.joined(separator: ", ")) |"
        }
        return (["| capability | value | brought by |", "|---|---|---|"] + rows).joined(separator: "\n")
    }

    /// The table of every error code.
    static var errorsTable: String {
        (["| code | meaning |", "|---|---|"] + ErrorCatalog.entries.map { "| \($0.code.rawValue) | \($0.meaning) |" }).joined(separator: "\n")
    }
}

extension ProtocolFiles {
    /// The table of every diagnostic code: its severity, when it is given and its quick fix.
    static var diagnosticsTable: String {
        let rows = Finding.Code.allCases.map { code in
            "| `\(code.rawValue)` | \(code.severity.rawValue) \(code.severity) | \(code.meaning) | \(code.quickFix ?? "none") |"
        }
        return (["| `code` | severity | when | quick fix |", "|---|---|---|---|"] + rows).joined(separator: "\n")
    }
}

/// A JSON Schema in a few words, for protocol.md's params tables.
enum SchemaText {
    static func short(_ schema: JSONValue) -> String {
        if let ref = schema["$ref"]?.string { return String(ref.split(separator: "/").last ?? "") }
        if let values = schema["enum"]?.array { return values.map { "`\($0.serializedString())`" }.joined(separator: ", ") }
        if let choices = schema["oneOf"]?.array { return choices.map(short).joined(separator: " or ") }
        switch schema["type"]?.string {
        case "array": return "array of " + short(schema["items"] ?? [:])
        case "object":
            guard let properties = schema["properties"]?.object else { return "object" }
            return "object {" + properties.keys.joined(separator: ", ") + "}"
        case "integer", "number":
            let kind = schema["type"]!.string!
            switch (schema["minimum"] ?? schema["exclusiveMinimum"], schema["maximum"]) {
            case (let low?, let high?): return "\(kind) \(low)…\(high)"
            case (let low?, nil): return "\(kind) ≥ \(low)"
            default: return kind
            }
        case "string":
            if let max = schema["maxLength"]?.int { return "string (at most \(English.grouped(max)) UTF-16 units)" }
            return "string"
        case let type?: return type
        default: return "any"
        }
    }
}

/// JSON with two-space indentation, keys in their order, one value per line.
enum PrettyJSON {
    static func text(_ value: JSONValue) -> String {
        var out = ""
        write(value, indent: "", into: &out)
        return out + "\n"
    }

    private static func write(_ value: JSONValue, indent: String, into out: inout String) {
        let inner = indent + "  "
        switch value {
        case .array(let items) where !items.isEmpty:
            out += "[\n"
            for (i, item) in items.enumerated() {
                out += inner
                write(item, indent: inner, into: &out)
                out += i == items.count - 1 ? "\n" : ",\n"
            }
            out += indent + "]"
        case .object(let object) where !object.isEmpty:
            out += "{\n"
            let entries = Array(object)
            for (i, (key, item)) in entries.enumerated() {
                out += inner + JSONValue.string(key).serializedString() + ": "
                write(item, indent: inner, into: &out)
                out += i == entries.count - 1 ? "\n" : ",\n"
            }
            out += indent + "}"
        default:
            out += value.serializedString()
        }
    }
}
