import Foundation
import CreatureCore
import FonsterStore
import FonsterDocument

/// `workspace/executeCommand`: the commands of the code actions. `fonsters.addToLibrary`
/// creates one Fonster (as `fonsters/create` does: one undoable create); `fonsters.addAllToLibrary`
/// imports every seed line of an open document (as `fonsters/import` does: seeds already in the
/// library are skipped, at most 1,000 at once).
enum ExecuteCommandMethod: RPCMethod {
    /// The commands.
    enum Command: String, CaseIterable {
        case add = "fonsters.addToLibrary"
        case addAll = "fonsters.addAllToLibrary"
    }
    struct Params: MethodParams {
        var command: String
        var arguments: [JSONValue]?
        static var notes: [String: String] {
            ["command": "fonsters.addToLibrary ({seed, engine, name?}) or fonsters.addAllToLibrary ({uri}).",
             "arguments": "One object, as the command says."]
        }
    }
    static let name = "workspace/executeCommand"
    static let summary = "Runs a code action's command: add a seed, or every seed of a document, to the library."
    static let effect = MethodDeclaration.Effect.writesLibrary
    static let errors: [ErrorCode] = [.invalidParams, .seedTooLong, .tooMany] + LibraryErrors.edit
    static let result = Schema.json(#"""
    {"oneOf":[{"$ref":"#/components/schemas/Fonster"},{"type":"object","properties":{"created":{"type":"integer","minimum":0},
     "skipped":{"type":"integer","minimum":0}},"required":["created","skipped"],"additionalProperties":false}]}
    """#)

    /// The `Command` a code action carries.
    static func command(_ title: String, _ command: Command, _ argument: JSONValue) -> JSONValue {
        ["title": .string(title), "command": .string(command.rawValue), "arguments": [argument]]
    }

    static func handle(_ params: Params, _ context: ServerContext, _ request: RequestContext) async throws -> JSONValue {
        guard let command = Command(rawValue: params.command) else {
            throw ResponseError.invalidParams(field: "command", "There is no command \(params.command.prefix(80)); the commands are \(Command.allCases.map(\.rawValue).joined(separator: " and ")).")
        }
        guard let argument = params.arguments?.first, params.arguments?.count == 1, argument.object != nil else {
            throw ResponseError.invalidParams(field: "arguments", "'arguments' must hold one object: \(command == .add ? "{seed, engine}" : "{uri}").")
        }
        let result: JSONValue
        switch command {
        case .add:
            guard let seed = argument["seed"]?.string else { throw ResponseError.invalidParams(field: "arguments", "The argument needs a 'seed' string.") }
            do { try TextLimit.check(seed, field: "seed") } catch { throw ResponseError(code: .seedTooLong, message: error.message, data: ["field": "arguments.seed"]) }
            let engine = try argument["engine"]?.string.map { name throws(ResponseError) -> EngineVersion in
                guard let engine = EngineVersion(rawValue: name) else { throw .invalidParams(field: "arguments", "There is no engine \(name.prefix(40)).") }
                return engine
            } ?? context.defaultEngine
            let name = argument["name"]?.string ?? ""
            let fonster = try await context.withStore { store throws(StoreError) in try store.create(name: name, seed: seed, engine: engine) }
            result = fonster.json()
        case .addAll:
            guard let uri = argument["uri"]?.string else { throw ResponseError.invalidParams(field: "arguments", "The argument needs a 'uri' string.") }
            let document = try context.documents.required(uri)
            let (entries, _) = FonstersFormat.entries(of: document.snapshot.text, defaultEngine: context.defaultEngine)
            let runs = byEngine(entries)
            let total = entries.count
            guard total <= StoreLimits.maxSeedImport else {
                throw ResponseError(code: .tooMany, message: "The document has \(total) seeds; at most \(StoreLimits.maxSeedImport) are added at once (fonsters-rpc import takes any number).",
                                    data: ["limit": .int(Int64(StoreLimits.maxSeedImport)), "count": .int(Int64(total))])
            }
            let (created, skipped) = try await context.withStore { store throws(StoreError) -> (Int, Int) in
                var created = 0, skipped = 0
                for run in runs {
                    let imported = try store.importSeeds(run.seeds, engine: run.engine)
                    created += imported.created.count
                    skipped += imported.skipped.count
                }
                return (created, skipped)
            }
            result = ["created": .int(Int64(created)), "skipped": .int(Int64(skipped))]
        }
        // The documents hear of the change as every store change (`TextDocuments.libraryChanged`).
        return result
    }

    /// The seeds of `entries` in runs drawn by one engine, in order.
    static func byEngine(_ entries: [FonstersFormat.Entry]) -> [(engine: EngineVersion, seeds: [String])] {
        var runs: [(engine: EngineVersion, seeds: [String])] = []
        for entry in entries {
            if runs.last?.engine == entry.engine { runs[runs.count - 1].seeds.append(entry.seed) } else { runs.append((entry.engine, [entry.seed])) }
        }
        return runs
    }
}
