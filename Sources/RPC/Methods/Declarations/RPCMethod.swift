/// One JSON-RPC method, declared once as a type: its name, what it does to the library, what it
/// costs, the errors it may answer, its params (a `Decodable` struct: its keys, types and
/// optionality are the params' schema), its result's schema and its handler. `MethodTable` turns
/// each into a `MethodDeclaration` for dispatch, scheduling, `initialize` and `openrpc.json`.
protocol RPCMethod {
    /// The params: decoded by `ParamsDecoder`, described by `SchemaRecorder`.
    associatedtype Params: MethodParams
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
    /// The JSON Schema of its result.
    static var result: JSONValue { get }
    /// Whether a pure request reads the library first (a creature method given an `id`): it then
    /// waits for its turn in arrival order to resolve that, and does its engine work off it.
    static func readsLibrary(_ params: Params) -> Bool
    /// What the request will cost, from its params alone, before any work (`RequestCost`): the
    /// bytes it holds until its answer is written, a size its answer cannot be under, and the
    /// hint for a refusal. Light requests keep the defaults.
    static func estimate(_ params: Params, into scheduling: inout Scheduling)
    /// Answers one request.
    static func handle(_ params: Params, _ context: ServerContext, _ request: RequestContext) async throws -> JSONValue
}

extension RPCMethod {
    static var cost: MethodDeclaration.Cost { .light }
    static func readsLibrary(_ params: Params) -> Bool { false }
    static func estimate(_ params: Params, into scheduling: inout Scheduling) {}
}

/// A method's params: decodable from the request, with a sentence per key for the document.
protocol MethodParams: Decodable, Sendable {
    /// What each key means, for `openrpc.json` (keys without a note get none).
    static var notes: [String: String] { get }
}

extension MethodParams {
    static var notes: [String: String] { [:] }
}

/// Params of a method that takes none (`{}`, `[]` or nothing).
struct NoParams: MethodParams {}

/// A string-valued choice read from params: an unknown value is refused listing the choices.
protocol ParamChoice: CaseIterable, RawRepresentable<String>, Decodable, SchemaDescribing {}

extension ParamChoice {
    init(from decoder: any Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        guard let value = Self(rawValue: text) else {
            let known = Self.allCases.map(\.rawValue)
            throw ParamsDecoder.Invalid("must be one of \(known.joined(separator: ", ")); \"\(text.prefix(40))\" is not one.",
                                        data: [("known", .array(known.map { .string($0) }))])
        }
        self = value
    }
    static var schema: JSONValue { ["type": "string", "enum": .array(allCases.map { .string($0.rawValue) })] }
    static var placeholder: Self { allCases.first! }
}
