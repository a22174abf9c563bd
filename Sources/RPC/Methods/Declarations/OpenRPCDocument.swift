import FonsterStore

/// `openrpc.json`, made whole from the method declarations: each method's name, summary, params
/// (from its `Params` type), result schema (from its `Result` type), errors, effect and cost, and
/// the shared schemas. `scripts/regen.sh` writes it (`fonsters-rpc describe-protocol`).
public enum OpenRPCDocument {
    /// The document for `declarations`.
    public static func make(_ declarations: [MethodDeclaration]) -> JSONValue {
        var codes: [ErrorCode] = []
        func error(_ code: ErrorCode) -> JSONValue {
            ["code": .number(code.rawValue), "message": .string(ErrorCatalog.entry(code)?.title ?? "Error \(code.rawValue)")]
        }
        let methods: [JSONValue] = declarations.map { d in
            var method = JSONObject()
            method["name"] = .string(d.name)
            method["summary"] = .string(d.summary)
            method["paramStructure"] = "by-name"
            method["params"] = .array(d.params.map(\.openRPC))
            method["result"] = ["name": "result", "schema": d.result]
            method["errors"] = .array(d.errors.map { code in
                if !codes.contains(code) { codes.append(code) }
                return error(code)
            })
            method["x-effect"] = .string(d.effect.rawValue)
            method["x-cost"] = .string(d.cost.rawValue)
            return .object(method)
        }
        let errors = JSONObject(codes.sorted { $0.rawValue < $1.rawValue }.map { ("e\($0.rawValue)", error($0)) })
        return [
            "openrpc": "1.2.6",
            "info": SharedSchemas.info,
            "methods": .array(methods),
            "x-notifications": NotificationDeclaration.openRPC(MethodTable.notificationDeclarations(ServerContext(location: .memory, options: StoreOptions()))),
            "components": ["schemas": SharedSchemas.components, "errors": .object(errors)],
        ]
    }
}
