/// One method, declared once: its name, what it does to the library, what it costs, the errors
/// it may answer and its handler. The declarations drive dispatch and scheduling, the
/// `initialize` method list, `openrpc.json` (`fonsters-rpc describe-protocol`) and the checks
/// that protocol.md agrees.
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
    /// A param that, when given, makes a pure method read the library first (`id` of the
    /// creature methods, `ids` of `share/build`): such requests resolve it in arrival order on
    /// the store, then do their engine work off it.
    public let resolvesParam: String?
    /// How much it may hold.
    public let cost: Cost
    /// The error codes it may answer besides the protocol's own (parse, invalid request, …).
    public let errors: [ErrorCode]
    /// The handler.
    public let handler: RequestHandler

    /// A declaration; see the properties.
    public init(_ name: String, _ summary: String, effect: Effect, resolves resolvesParam: String? = nil,
                cost: Cost = .light, errors: [ErrorCode], handler: @escaping RequestHandler) {
        self.name = name
        self.summary = summary
        self.effect = effect
        self.resolvesParam = resolvesParam
        self.cost = cost
        self.errors = errors
        self.handler = handler
    }

    /// How a request with `params` is scheduled: library requests in order, pure ones free;
    /// its bytes and smallest response estimated from its params (`RequestCost`).
    public func scheduling(_ params: JSONValue) -> Scheduling {
        let weight = cost == .heavy ? Self.heavyWeight : 1
        var scheduling: Scheduling
        switch effect {
        case .readsLibrary, .writesLibrary:
            scheduling = Scheduling(lane: .ordered, weight: weight)
        case .pure:
            if let resolvesParam, let value = params[resolvesParam], !value.isNull {
                scheduling = Scheduling(lane: .ordered, weight: weight)
            } else {
                scheduling = Scheduling(lane: .free, weight: weight)
            }
        }
        RequestCost.estimate(name, params: params, into: &scheduling)
        return scheduling
    }
}
