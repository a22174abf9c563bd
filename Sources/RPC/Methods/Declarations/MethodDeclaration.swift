import FonsterStore

/// One method as the server keeps it, made from its `RPCMethod` type: its name, what it does to
/// the library, what it costs, the errors it may answer, its params and result, its heaviest
/// params, and its handler. The declarations drive dispatch and scheduling, the `initialize`
/// method list, and the generated files (`fonsters-rpc describe-protocol`, `scripts/regen.sh`).
public struct MethodDeclaration: Sendable {
    /// What a method does to the library, which decides where it waits for its turn.
    public enum Effect: String, Sendable, CaseIterable {
        /// Engine only: runs at once, in parallel, and may answer out of order.
        case pure
        /// Reads the library: in arrival order with every other library request.
        case readsLibrary
        /// Changes the library: in arrival order with every other library request.
        case writesLibrary
    }

    /// How much a method may hold while it runs.
    public enum Cost: String, Sendable, CaseIterable {
        /// Small, bounded work (one image, one record).
        case light
        /// Long work or big results (every frame, an animation, imports): few run at once.
        case heavy
    }

    /// Units of the 1,024-unit concurrency limit a heavy request holds: two at once by default.
    public static let heavyWeight = 512

    /// The method name, e.g. `creature/render`.
    public let name: String
    /// One line for the OpenRPC document.
    public let summary: String
    /// What it does to the library.
    public let effect: Effect
    /// How much it may hold.
    public let cost: Cost
    /// The error codes it may answer besides the protocol's own (parse, invalid request, …).
    public let errors: [ErrorCode]
    /// The params as OpenRPC lists them: name, schema, whether required, and a note.
    let params: [ParamDeclaration]
    /// The result's JSON Schema.
    public let result: JSONValue
    /// The most expensive params it accepts (`RPCMethod.heaviest`), made when asked for.
    public var heaviest: JSONValue { heaviestParams() }
    private let heaviestParams: @Sendable () -> JSONValue
    /// Reads a request's params once and returns how it is scheduled and its handler.
    let planner: Planner
    private let check: @Sendable (JSONValue) -> ResponseError?

    /// The declaration of `method`, answering with `context`.
    init<M: RPCMethod>(_ method: M.Type, context: ServerContext) {
        name = M.name
        summary = M.summary
        effect = M.effect
        cost = M.cost
        errors = M.errors
        result = M.Result.schema
        heaviestParams = { M.heaviest }
        params = M.Params.declarations
        let keys = params.map(\.name)
        check = { json in
            do throws(ResponseError) { _ = try M.Params.decode(json, keys: keys) } catch { return error }
            return nil
        }
        let weight = M.cost == .heavy ? Self.heavyWeight : 1
        let ordered = M.effect != .pure
        planner = { json in
            let params: M.Params
            do {
                params = try M.Params.decode(json, keys: keys)
            } catch {
                // Params that cannot be read are refused by the handler, without the store.
                return (Scheduling(lane: ordered ? .ordered : .free, weight: weight), { _ in throw error })
            }
            var scheduling = Scheduling(lane: ordered || M.readsLibrary(params) ? .ordered : .free, weight: weight)
            M.estimate(params, into: &scheduling)
            scheduling.inline = M.quick && scheduling.lane == .free && scheduling.bytes < RequestContext.inlineBytes
            guard M.effect != .pure else { return (scheduling, { request in Written(try await M.handle(params, context, request)) }) }
            // A library request's store writes ask its flag before BEGIN and COMMIT (`WriteGate`).
            return (scheduling, { request in
                try await FonsterStore.$writeGate.withValue(request.flag) { Written(try await M.handle(params, context, request)) }
            })
        }
    }

    /// How a request with `params` is scheduled: library requests in order, pure ones free
    /// unless they read the library first; its bytes and smallest response estimated from its
    /// params (`RPCMethod.estimate`).
    public func scheduling(_ params: JSONValue) -> Scheduling { planner(params).scheduling }

    /// The error `params` are refused with when they are read, if any (nothing runs).
    public func refusal(of params: JSONValue) -> ResponseError? { check(params) }
}
