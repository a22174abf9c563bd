import Foundation

/// One JSON-RPC method, declared once as a type: its name, what it does to the library, what it
/// costs, the errors it may answer, its params, its result and its handler. `MethodTable` turns
/// each into a `MethodDeclaration` for dispatch, scheduling, `initialize` and `openrpc.json`.
///
/// A method in full (see `DeleteMethod` for a real one):
///
///     enum DeleteMethod: RPCMethod {
///         struct Params: MethodParams {
///             let id: UUID
///             init(_ p: ParamReader) throws(ResponseError) {
///                 id = try p.required("id", "The Fonster's id.")      // key, type, note, decoding
///             }
///         }
///         struct Result: ResultObject {
///             let id: UUID
///             static let members: [Member<Result>] = [
///                 Member("id") { $0.id },                             // key, schema, writing
///                 Member("deleted", schema: Schema.const(true)) { _ in true },
///             ]
///         }
///         static let name = "fonsters/delete"
///         static let summary = "Removes a Fonster."
///         static let effect = MethodDeclaration.Effect.writesLibrary
///         static let errors: [ErrorCode] = [.invalidParams, .notFound] + LibraryErrors.edit
///         static var heaviest: JSONValue { ["id": .string(HeavyParams.fonster)] }
///         static func handle(_ params: Params, _ context: ServerContext, _ request: RequestContext) async throws -> Result {
///             try await context.withStore { store throws(StoreError) in try store.delete(params.id) }
///             return Result(id: params.id)
///         }
///     }
///
/// Params are read by their `init` (`ParamReader.optional`/`required`: one line per param),
/// which also gives their schema. The result is a `ResultValue` (usually a `ResultObject`: one
/// `Member` per key), written straight into the response; its schema is made from it. Shared
/// objects (`Fonster`, `EditedFonster`, `RenderResult`, …) live in `Methods/Results/`.
protocol RPCMethod: SendableMetatype {
    /// The params: read and described by their `init` (`ParamReader`).
    associatedtype Params: MethodParams
    /// The result: written into the response, described by its type.
    associatedtype Result: ResultValue
    /// The method name, e.g. `creature/render`.
    static var name: String { get }
    /// One line for the OpenRPC document.
    static var summary: String { get }
    /// What it does to the library.
    static var effect: MethodDeclaration.Effect { get }
    /// How much it may hold (light by default).
    static var cost: MethodDeclaration.Cost { get }
    /// The error codes it may answer besides the protocol's own.
    static var errors: [ErrorCode] { get }
    /// The most expensive params the method accepts, beside `estimate`: what the heavy-neighbour
    /// tests and benchmark run two at a time (`HeavyParams` names what they may refer to: a
    /// Fonster of the test library, long seeds, a big share link).
    static var heaviest: JSONValue { get }
    /// Whether a pure request reads the library first (a creature method given an `id`): it then
    /// waits for its turn in arrival order to resolve that, and does its engine work off it.
    static func readsLibrary(_ params: Params) -> Bool
    /// Whether a pure request estimated under `RequestContext.inlineBytes` is quick (well under a
    /// millisecond) and never waits: it then runs where the session reads it (`Scheduling.inline`).
    static var quick: Bool { get }
    /// What the request will cost, from its params alone, before any work (`RequestCost`): the
    /// bytes it holds until its answer is written, a size its answer cannot be under, and the
    /// hint for a refusal. Light requests keep the defaults.
    static func estimate(_ params: Params, into scheduling: inout Scheduling)
    /// Answers one request.
    static func handle(_ params: Params, _ context: ServerContext, _ request: RequestContext) async throws -> Result
}

extension RPCMethod {
    static var cost: MethodDeclaration.Cost { .light }
    static var quick: Bool { false }
    static func readsLibrary(_ params: Params) -> Bool { false }
    static func estimate(_ params: Params, into scheduling: inout Scheduling) {}
}

/// A string-valued choice read from params: an unknown value is refused listing the choices.
protocol ParamChoice: CaseIterable, RawRepresentable<String>, ParamValue {}

extension ParamChoice {
    static func param(_ json: JSONValue) throws(ParamInvalid) -> Self {
        let text = try String.param(json)
        guard let value = Self(rawValue: text) else {
            let known = Self.allCases.map(\.rawValue)
            throw ParamInvalid("must be one of \(known.joined(separator: ", ")); \"\(text.prefix(40))\" is not one.",
                               data: [("known", .array(known.map { .string($0) }))])
        }
        return value
    }
    static var schema: JSONValue { ["type": "string", "enum": .array(allCases.map { .string($0.rawValue) })] }
    static var placeholder: Self { allCases.first! }
}

/// LSP's work-done token: progress for the request goes out as `$/progress` with it (the
/// transport reads it; methods that report progress declare it).
struct ProgressToken: ParamValue, Sendable {
    let json: JSONValue
    static func param(_ json: JSONValue) throws(ParamInvalid) -> ProgressToken {
        guard json.int64 != nil || json.string != nil else {
            throw ParamInvalid("must be an integer or a string; it is \(json.kindName).")
        }
        return ProgressToken(json: json)
    }
    static var schema: JSONValue { Schema.ref("ProgressToken") }
    static var placeholder: ProgressToken { ProgressToken(json: 0) }
}
