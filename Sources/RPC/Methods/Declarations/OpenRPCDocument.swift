/// `openrpc.json` made from the method declarations: the method list and order, summaries,
/// errors, effects and costs come from the declarations; the params and result schemas (and the
/// shared schemas under `components.schemas`) are kept from the committed document, which a
/// test regenerates and compares (`FONSTERS_WRITE_OPENRPC=1` rewrites it).
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

    /// The document for `declarations`, keeping schemas from `template` (the committed file).
    public static func make(_ declarations: [MethodDeclaration], template: JSONValue) -> JSONValue {
        let old = Dictionary((template["methods"]?.array ?? []).compactMap { m in m["name"]?.string.map { ($0, m) } },
                             uniquingKeysWith: { first, _ in first })
        var codes: [ErrorCode] = []
        let methods: [JSONValue] = declarations.map { d in
            var method = JSONObject()
            method["name"] = .string(d.name)
            method["summary"] = .string(d.summary)
            method["paramStructure"] = "by-name"
            method["params"] = old[d.name]?["params"] ?? .array([])
            method["result"] = old[d.name]?["result"] ?? ["name": "result", "schema": [:]]
            method["errors"] = .array(d.errors.map { code in
                if !codes.contains(code) { codes.append(code) }
                return ["code": .int(Int64(code.rawValue)), "message": .string(errorTitles[code] ?? "Error \(code.rawValue)")]
            })
            method["x-effect"] = .string(d.effect.rawValue)
            if let resolves = d.resolvesParam { method["x-resolves"] = .string(resolves) }
            method["x-cost"] = .string(d.cost.rawValue)
            return .object(method)
        }
        let errors = JSONObject(codes.sorted { $0.rawValue < $1.rawValue }.map { code in
            ("e\(code.rawValue)", ["code": .int(Int64(code.rawValue)), "message": .string(errorTitles[code] ?? "Error \(code.rawValue)")])
        })
        return [
            "openrpc": template["openrpc"] ?? "1.2.6",
            "info": template["info"] ?? [:],
            "methods": .array(methods),
            "components": [
                "schemas": template["components"]?["schemas"] ?? [:],
                "errors": .object(errors),
            ],
        ]
    }
}
