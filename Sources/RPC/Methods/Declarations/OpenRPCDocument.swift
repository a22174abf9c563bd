import FonsterStore

/// `openrpc.json`, made whole from the method declarations: each method's name, summary, params
/// (from its `Params` type), result schema, errors, effect and cost, and the shared schemas. A
/// test regenerates it and compares it with the committed file (`FONSTERS_WRITE_OPENRPC=1`
/// rewrites it), and the extension's and the web page's API modules are checked against it.
public enum OpenRPCDocument {
    /// A short title per error code, for `components.errors` and each method's `errors`.
    static let errorTitles: [ErrorCode: String] = [
        .invalidParams: "Invalid params", .internalError: "Internal error", .requestCancelled: "Request cancelled",
        .responseTooLarge: "Response too large",
        .notFound: "Not found", .seedTooLong: "Seed too long", .badShareLink: "Bad share link",
        .storeUnavailable: "Store unavailable", .storeReadOnly: "Store read-only", .nothingToUndo: "Nothing to undo",
        .nothingToRedo: "Nothing to redo", .frameOutOfRange: "Frame out of range", .tooMany: "Too many",
        .invalidBundle: "Invalid bundle", .storeCorrupt: "Store corrupt", .storeTooNew: "Store too new",
        .noRandomSource: "No random source", .storeReplaced: "Store replaced",
    ]

    /// The document for `declarations`.
    public static func make(_ declarations: [MethodDeclaration]) -> JSONValue {
        var codes: [ErrorCode] = []
        let methods: [JSONValue] = declarations.map { d in
            var method = JSONObject()
            method["name"] = .string(d.name)
            method["summary"] = .string(d.summary)
            method["paramStructure"] = "by-name"
            method["params"] = .array(d.params.map { param in
                var entry: JSONObject = ["name": .string(param.name), "schema": param.schema, "required": .bool(param.required)]
                if let note = param.note { entry["description"] = .string(note) }
                return .object(entry)
            })
            method["result"] = ["name": "result", "schema": d.result]
            method["errors"] = .array(d.errors.map { code in
                if !codes.contains(code) { codes.append(code) }
                return ["code": .int(Int64(code.rawValue)), "message": .string(errorTitles[code] ?? "Error \(code.rawValue)")]
            })
            method["x-effect"] = .string(d.effect.rawValue)
            method["x-cost"] = .string(d.cost.rawValue)
            return .object(method)
        }
        let errors = JSONObject(codes.sorted { $0.rawValue < $1.rawValue }.map { code in
            ("e\(code.rawValue)", ["code": .int(Int64(code.rawValue)), "message": .string(errorTitles[code] ?? "Error \(code.rawValue)")])
        })
        return [
            "openrpc": "1.2.6",
            "info": SharedSchemas.info,
            "methods": .array(methods),
            "x-notifications": NotificationDeclaration.openRPC(MethodTable.notificationDeclarations(ServerContext(location: .memory, options: StoreOptions()))),
            "components": ["schemas": SharedSchemas.components, "errors": .object(errors)],
        ]
    }
}
