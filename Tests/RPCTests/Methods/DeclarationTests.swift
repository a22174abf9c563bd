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

    /// The committed generated files are those the declarations make (scripts/regen.sh writes them;
    /// `scripts/regen.sh --check` runs in scripts/test.sh too, with the web assets).
    @Test func generatedFilesAreCurrent() throws {
        let openRPC = try String(contentsOf: repositoryRoot.appendingPathComponent("openrpc.json"), encoding: .utf8)
        #expect(openRPC == ProtocolFiles.openRPC, "openrpc.json is stale: run scripts/regen.sh")
        let module = try String(contentsOf: repositoryRoot.appendingPathComponent("clients/web/ui/protocol.mjs"), encoding: .utf8)
        #expect(module == ProtocolFiles.module, "clients/web/ui/protocol.mjs is stale: run scripts/regen.sh")
        let commands = try String(contentsOf: repositoryRoot.appendingPathComponent("clients/vscode-extension/src/language/commands.generated.js"), encoding: .utf8)
        #expect(commands == ProtocolFiles.extensionCommands, "the extension's commands.generated.js is stale: run scripts/regen.sh")
    }

    /// protocol.md's generated sections are current, and every method has its params section.
    @Test func protocolDocumentsGeneratedSectionsAreCurrent() throws {
        let text = try String(contentsOf: repositoryRoot.appendingPathComponent("protocol.md"), encoding: .utf8)
        let options = try #require(text.range(of: "<!-- generated:server-options -->\n```\n")).upperBound
        let optionsEnd = try #require(text[options...].range(of: "\n```")).lowerBound
        let filled = try ProtocolFiles.document(text, serverOptions: String(text[options..<optionsEnd]))
        #expect(filled == text, "protocol.md's generated sections are stale: run scripts/regen.sh")
        let notifications = MethodTable.notificationDeclarations(ServerContext(location: .memory, options: StoreOptions())).map(\.name)
        for name in MethodTable.names + notifications {
            #expect(text.contains("<!-- generated:params ") && text.range(of: #"<!-- generated:params [^>]*\b\#(name)\b"#, options: .regularExpression) != nil,
                    "protocol.md has no params section for \(name)")
        }
    }

    /// The error codes the fronts know are every code the server answers (ErrorCatalog), by name.
    @Test func errorCodesAreEveryCodeAnswered() {
        let codes = ErrorCatalog.entries.map(\.code.rawValue)
        #expect(Set(codes).count == codes.count)
        let answered = Set(Self.declarations.flatMap(\.errors).map(\.rawValue))
        #expect(answered.isSubset(of: Set(codes)), "codes answered without an entry: \(answered.subtracting(codes).sorted())")
        for code in [-32700, -32600, -32601, -32602, -32603, -32800, -32001] { #expect(codes.contains(code)) }
        #expect(ProtocolFiles.module.contains("export const ERROR_CODES") && ProtocolFiles.module.contains("  storeReplaced: 1014,"))
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
