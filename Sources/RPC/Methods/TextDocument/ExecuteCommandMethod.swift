import Foundation
import CreatureCore
import FonsterStore
import FonsterDocument

/// `workspace/executeCommand`: the commands of the code actions. `fonsters.addToLibrary`
/// creates one Fonster (as `fonsters/create` does: one undoable create); `fonsters.addAllToLibrary`
/// imports every seed line of an open document (as `fonsters/import` does: seeds already in the
/// library are skipped, at most 1,000 at once), all or nothing: every line is checked first (an
/// error names its line), then every engine's seeds go in one transaction, which a cancel before
/// its commit rolls back whole (-32800: nothing added).
enum ExecuteCommandMethod: RPCMethod, LanguageFeature {
    /// The commands.
    enum Command: String, ParamChoice {
        case add = "fonsters.addToLibrary"
        case addAll = "fonsters.addAllToLibrary"
    }
    struct Params: MethodParams {
        let command: Command, arguments: [JSONValue]?
        init(_ p: ParamReader) throws(ResponseError) {
            command = try p.required("command", "fonsters.addToLibrary ({seed, engine, name?}) or fonsters.addAllToLibrary ({uri}).")
            arguments = try p.optional("arguments", "One object, as the command says.")
        }
    }

    /// How many seeds of a document were added, and how many were already in the library.
    struct Added: ResultObject {
        let created: Int, skipped: Int
        static let members: [Member<Added>] = [
            Member("created", schema: Schema.integer(minimum: 0)) { $0.created },
            Member("skipped", schema: Schema.integer(minimum: 0)) { $0.skipped },
        ]
    }
    /// `fonsters.addToLibrary`'s Fonster, or `fonsters.addAllToLibrary`'s counts.
    typealias Result = Either<Fonster, Added>

    static let name = "workspace/executeCommand"
    static let summary = "Runs a code action's command: add a seed, or every seed of a document, to the library."
    /// Its commands.
    static let capability = LanguageCapability("executeCommandProvider", ["commands": .array(Command.allCases.map { .string($0.rawValue) })])
    static let effect = MethodDeclaration.Effect.writesLibrary
    static let errors: [ErrorCode] = [.invalidParams, .seedTooLong, .tooMany] + LibraryErrors.edit
    static var heaviest: JSONValue {
        ["command": .string(Command.addAll.rawValue), "arguments": [["uri": .string(HeavyParams.importURI)]]]
    }

    static func handle(_ params: Params, _ context: ServerContext, _ request: RequestContext) async throws -> Result {
        let command = params.command
        guard let argument = params.arguments?.first, params.arguments?.count == 1, argument.object != nil else {
            throw ResponseError.invalidParams(field: "arguments", "'arguments' must hold one object: \(command == .add ? "{seed, engine}" : "{uri}").")
        }
        let result: Result
        switch command {
        case .add:
            guard let seed = argument["seed"]?.string else { throw ResponseError.invalidParams(field: "arguments", "The argument needs a 'seed' string.") }
            do { try TextLimit.check(seed, field: "seed") } catch { throw ResponseError(code: .seedTooLong, message: error.message, data: ["field": "arguments.seed"]) }
            // No engine: the library's default, as fonsters/create draws with.
            let engine = try argument["engine"]?.string.map { name throws(ResponseError) -> EngineVersion in
                guard let engine = EngineVersion(rawValue: name) else { throw .invalidParams(field: "arguments", "There is no engine \(name.prefix(40)).") }
                return engine
            }
            let name = argument["name"]?.string ?? ""
            let fonster = try await context.withStore { store throws(StoreError) in try store.create(name: name, seed: seed, engine: engine) }
            result = .first(fonster)
        case .addAll:
            guard let uri = argument["uri"]?.string else { throw ResponseError.invalidParams(field: "arguments", "The argument needs a 'uri' string.") }
            let document = try context.documents(request).required(uri)
            let text = document.snapshot.text
            let (entries, unknown) = FonstersFormat.entries(of: text, defaultEngine: context.documents(request).defaultEngine)
            // Everything is checked before anything is written, and named by its line.
            if let line = unknown.first {
                throw ResponseError.invalidParams(field: "arguments.uri", "Line \(line + 1) names no engine this server knows "
                                                  + "(it knows \(EngineVersion.allCases.map(\.rawValue).joined(separator: " and "))); nothing was added.")
            }
            for entry in entries {
                do { try TextLimit.check(entry.seed, field: "seed") } catch {
                    throw ResponseError(code: .seedTooLong, message: "Line \(entry.line + 1): \(error.message) Nothing was added.",
                                        data: ["field": "arguments.uri", "line": .int(Int64(entry.line + 1))])
                }
            }
            let total = entries.count
            guard total <= StoreLimits.maxSeedImport else {
                throw ResponseError(code: .tooMany, message: "The document has \(total) seeds; at most \(StoreLimits.maxSeedImport) are added at once (fonsters-rpc import takes any number).",
                                    data: ["limit": .int(Int64(StoreLimits.maxSeedImport)), "count": .int(Int64(total))])
            }
            // One transaction for every engine's seeds: all are added, or (an error, a cancel
            // before the commit) none.
            let imported = try await context.withStore { store throws(StoreError) in
                try store.importSeeds(entries.map(\.seed), engines: entries.map(\.engine))
            }
            let (created, skipped) = (imported.created.count, imported.skipped.count)
            result = .second(Added(created: created, skipped: skipped))
        }
        // The documents hear of the change as every store change (`TextDocuments.libraryChanged`).
        return result
    }
}
