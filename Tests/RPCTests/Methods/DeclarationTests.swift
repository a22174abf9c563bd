import Foundation
import Testing
import FonsterStore
@testable import RPC

/// The method declarations are the one source: `openrpc.json` is generated from them and
/// protocol.md's error lists agree with them.
@Suite struct DeclarationTests {
    static let declarations = MethodTable.declarations(ServerContext(location: .memory, options: StoreOptions()))

    @Test func namesAreUniqueAndInitializeListsThem() {
        let names = Self.declarations.map(\.name)
        #expect(Set(names).count == names.count)
        #expect(MethodTable.names == names)
    }

    @Test func schedulingFollowsTheEffect() throws {
        let byName = Dictionary(uniqueKeysWithValues: Self.declarations.map { ($0.name, $0) })
        let render = try #require(byName["creature/render"])
        #expect(render.scheduling(["seed": "a"]).lane == .free)
        #expect(render.scheduling(["id": "00000000-0000-4000-8000-000000000001"]).lane == .ordered)
        #expect(render.scheduling(["seed": "a", "id": .null]).lane == .free)
        #expect(try #require(byName["fonsters/get"]).scheduling(.null).lane == .ordered)
        #expect(try #require(byName["fonsters/create"]).scheduling(.null).lane == .ordered)
        let frames = try #require(byName["creature/frames"]).scheduling(["seed": "a"])
        #expect(frames.lane == .free && frames.weight == MethodDeclaration.heavyWeight)
        for declaration in Self.declarations where declaration.name.hasPrefix("fonsters/") {
            #expect(declaration.effect != .pure, "\(declaration.name) touches the library")
        }
    }

    /// Run with `FONSTERS_WRITE_OPENRPC=1` to regenerate the committed file after changing a declaration.
    @Test func openRPCIsGeneratedFromTheDeclarations() throws {
        let url = repositoryRoot.appendingPathComponent("openrpc.json")
        let committed = try JSONValue(parsing: Array(try Data(contentsOf: url)))
        let generated = OpenRPCDocument.make(Self.declarations)
        if ProcessInfo.processInfo.environment["FONSTERS_WRITE_OPENRPC"] == "1" {
            try Data(PrettyJSON.text(generated).utf8).write(to: url)
            return
        }
        #expect(generated == committed, "openrpc.json differs from the declarations: run FONSTERS_WRITE_OPENRPC=1 swift test --filter DeclarationTests")
    }

    /// The fronts' API module (`clients/web/ui/protocol.mjs`, shared by the web page and the
    /// extension's detail view) is generated from the same document.
    @Test func frontsAPIModuleIsGeneratedFromTheDeclarations() throws {
        let url = repositoryRoot.appendingPathComponent("clients/web/ui/protocol.mjs")
        let generated = FrontsAPIModule.text(OpenRPCDocument.make(Self.declarations), errorCodes: try FrontsAPIModule.errorCodes())
        if ProcessInfo.processInfo.environment["FONSTERS_WRITE_OPENRPC"] == "1" {
            try Data(generated.utf8).write(to: url)
            return
        }
        let committed = try String(contentsOf: url, encoding: .utf8)
        #expect(generated == committed, "clients/web/ui/protocol.mjs differs from the declarations: run FONSTERS_WRITE_OPENRPC=1 swift test --filter DeclarationTests, then scripts/embed-web.sh")
    }

    @Test func protocolDocumentListsEachMethodsErrors() throws {
        let text = try String(contentsOf: repositoryRoot.appendingPathComponent("protocol.md"), encoding: .utf8)
        let sections = ProtocolErrorLists.parse(text)
        let byName = Dictionary(uniqueKeysWithValues: Self.declarations.map { ($0.name, $0) })
        for declaration in Self.declarations where declaration.name != "initialize" && declaration.name != "shutdown" {
            #expect(sections.contains { $0.names.contains(declaration.name) }, "protocol.md lists no errors for \(declaration.name)")
        }
        for section in sections {
            // A section about several methods (undo, redo) lists the errors of any of them.
            let declared = Set(section.names.flatMap { byName[$0]?.errors.map(\.rawValue) ?? [] })
            #expect(section.codes == declared, "\(section.names): protocol.md lists \(section.codes.sorted()), the declarations \(declared.sorted())")
        }
    }
}

/// The error codes each `### method` section of protocol.md lists after "Errors:".
enum ProtocolErrorLists {
    static func parse(_ text: String) -> [(names: [String], codes: Set<Int>)] {
        var result: [(names: [String], codes: Set<Int>)] = []
        let sections = text.components(separatedBy: "\n### ").dropFirst()
        for section in sections {
            let heading = section.prefix { $0 != "\n" }
            let names = heading.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
            let body = section.drop { $0 != "\n" }
            let prose = body.components(separatedBy: "```").first ?? ""
            guard let range = prose.range(of: "Errors:") else { continue }
            var codes: Set<Int> = []
            let tail = prose[range.upperBound...]
            var index = tail.startIndex
            while let open = tail[index...].firstIndex(of: "`") {
                guard let close = tail[tail.index(after: open)...].firstIndex(of: "`") else { break }
                if let code = Int(tail[tail.index(after: open)..<close]) { codes.insert(code) }
                index = tail.index(after: close)
            }
            result.append((names, codes))
        }
        return result
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

/// `clients/web/ui/protocol.mjs`: every method with its params (and which are required), the
/// check every call of the fronts goes through, the method names and the error codes.
enum FrontsAPIModule {
    /// The files that declare the `ErrorCode` statics.
    static let errorCodeFiles = ["Sources/RPC/Transport/ErrorCode.swift", "Sources/RPC/Methods/AppErrorCodes.swift"]
    /// Codes declared for LSP's sake that the server never sends.
    static let neverSent: Set<String> = ["serverNotInitialized"]

    /// Every `ErrorCode` static the server sends, by its Swift name, in declaration order: read
    /// from the declarations themselves, so a new code reaches the fronts without a hand copy.
    static func errorCodes() throws -> [(name: String, code: Int)] {
        let declaration = try Regex(#"public static let (\w+) = ErrorCode\(rawValue: (-?\d+)\)"#)
        var codes: [(name: String, code: Int)] = []
        for file in errorCodeFiles {
            let text = try String(contentsOf: repositoryRoot.appendingPathComponent(file), encoding: .utf8)
            for match in text.matches(of: declaration) {
                guard let name = match.output[1].substring.map(String.init), let code = match.output[2].substring.flatMap({ Int($0) }),
                      !neverSent.contains(name) else { continue }
                codes.append((name, code))
            }
        }
        return codes
    }

    static func text(_ document: JSONValue, errorCodes: [(name: String, code: Int)]) -> String {
        let names = (document["methods"]?.array ?? []).compactMap { $0["name"] }
        let codes = errorCodes.map { "  \($0.name): \($0.code)," }
        var lines: [String] = []
        for method in document["methods"]?.array ?? [] {
            let params = method["params"]?.array ?? []
            let names = params.compactMap { $0["name"] }
            let required = params.filter { $0["required"] == true }.compactMap { $0["name"] }
            lines.append("  \(method["name"]!.serializedString()): { params: \(JSONValue.array(names).serializedString()), required: \(JSONValue.array(required).serializedString()) },")
        }
        return """
        // Generated from openrpc.json (the server's typed method declarations) by
        // `FONSTERS_WRITE_OPENRPC=1 swift test --filter DeclarationTests`; a test fails when it is
        // stale. Do not edit. Every call of the web page and of the extension's detail view goes
        // through `checkCall`, so a renamed or misspelt param fails a test, not a user.

        /** Each method's params and the ones it requires. */
        export const METHODS = Object.freeze({
        \(lines.joined(separator: "\n"))
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
        export const METHOD_NAMES = Object.freeze(\(JSONValue.array(names).serializedString()));

        /** The error codes the server answers with, by the names of the Swift `ErrorCode` statics. */
        export const ERROR_CODES = Object.freeze({
        \(codes.joined(separator: "\n"))
        });

        """
    }
}
