import CreatureCore
import FonsterDocument

/// `textDocument/codeAction`: on a seed line that looks like another, "use a distinct variant"
/// (a quick fix keeping its traits where it can) and, under fonsters-v1, "draw these lines with
/// fonsters-v2"; "remove the invisible characters" where there are some; and "add to library"
/// and "add all to library" (`workspace/executeCommand`).
enum CodeActionMethod: RPCMethod {
    struct Params: MethodParams {
        var textDocument: DocumentID
        var range: LSPRange
        var context: JSONValue?
        var partialResultToken: JSONValue?
    }
    static let name = "textDocument/codeAction"
    static let summary = "Fixes for the seed line at the range's start, and adding seeds to the library."
    static let effect = MethodDeclaration.Effect.pure
    static let errors: [ErrorCode] = [.invalidParams, .requestCancelled]
    static let result = Schema.json(#"""
    {"type":"array","items":{"type":"object","properties":{"title":{"type":"string"},"kind":{"enum":["quickfix","source"]},
     "isPreferred":{"type":"boolean"},"diagnostics":{"type":"array"},"edit":\#(LSPSchema.workspaceEdit),"command":\#(LSPSchema.command)},
     "required":["title","kind"],"additionalProperties":false}}
    """#)

    static func handle(_ params: Params, _ context: ServerContext, _ request: RequestContext) async throws -> JSONValue {
        let uri = params.textDocument.uri
        let document = try context.documents.required(uri)
        let version = document.snapshot.version
        let analysis = try await document.analysis(defaultEngine: context.defaultEngine, request: request)
        let text = analysis.text, encoding = context.documents.encoding, lineNumber = params.range.start.line
        var actions: [JSONValue] = []
        let addAll: JSONValue = ["title": "Add all seeds to the library", "kind": "source",
                                 "command": ExecuteCommandMethod.command("Add all seeds to the library", .addAll, ["uri": .string(uri)])]
        guard let index = analysis.seedIndexByLine[lineNumber], analysis.seeds[index].picture != nil else {
            return analysis.seeds.isEmpty ? [] : [addAll]
        }
        let line = analysis.seeds[index]
        let ours = diagnostics(params.context, line: lineNumber)
        let lineRange = LSPJSON.lineRange(text, lineNumber, encoding)
        let same = analysis.sameAs(index), nearly = analysis.nearlyAs(index)
        if !same.isEmpty || !nearly.isEmpty {
            let key = PictureCache.Key(seed: line.seed, engine: line.engine)
            let variant = try await request.compute { () throws(ResponseError) -> String? in
                try document.variant(key, version: version) { () throws(ResponseError) -> String? in
                    let creature = LineCreature(seed: line.seed, engine: line.engine).creature
                    return try DistinctVariants.find(index, in: analysis, limit: 1, tiers: DistinctVariants.wantTiers(creature), request: request).first?.seed
                }
            }
            if let variant, let newLine = FonstersFormat.line(for: variant) {
                actions.append(["title": .string("Use a distinct variant: “\(DocumentAnalysis.quoted(variant))”"), "kind": "quickfix",
                                "isPreferred": true, "diagnostics": .array(ours),
                                "edit": LSPJSON.workspaceEdit(uri: uri, [LSPJSON.edit(lineRange, newLine)])])
            }
            if line.engine == .v1, let edit = v2Directive(analysis, line: lineNumber, encoding) {
                actions.append(["title": "Draw these lines with fonsters-v2", "kind": "quickfix", "diagnostics": .array(ours),
                                "edit": LSPJSON.workspaceEdit(uri: uri, [edit])])
            }
        }
        let cleaned = InvisibleCharacters.removing(from: line.seed)
        if cleaned != line.seed, let newLine = FonstersFormat.line(for: cleaned) {
            actions.append(["title": "Remove the invisible characters", "kind": "quickfix", "diagnostics": .array(ours),
                            "edit": LSPJSON.workspaceEdit(uri: uri, [LSPJSON.edit(lineRange, newLine)])])
        }
        actions.append(["title": .string("Add “\(DocumentAnalysis.quoted(line.seed))” to the library"), "kind": "source",
                        "command": ExecuteCommandMethod.command("Add to the library", .add,
                                                                ["seed": .string(line.seed), "engine": .string(line.engine.rawValue)])])
        actions.append(addAll)
        return .array(actions)
    }

    /// The edit drawing `line`'s block with fonsters-v2: the fonsters-v1 directive in force
    /// rewritten, or (none: the default engine draws it) one put first.
    static func v2Directive(_ analysis: DocumentAnalysis, line: Int, _ encoding: PositionEncoding) -> JSONValue? {
        let text = analysis.text
        for n in stride(from: line - 1, through: 0, by: -1) {
            if case .directive(let named?, _) = FonstersFormat.classify(text.lines[n]) {
                guard named == .v1 else { return nil }
                return LSPJSON.edit(LSPJSON.lineRange(text, n, encoding), FonstersFormat.directive(.v2))
            }
        }
        return LSPJSON.edit(TextRange(line: 0, from: 0, to: 0), FonstersFormat.directive(.v2) + "\n")
    }

    /// The client's diagnostics (`context.diagnostics`) that are ours and on `line`.
    static func diagnostics(_ context: JSONValue?, line: Int) -> [JSONValue] {
        (context?["diagnostics"]?.array ?? []).filter {
            $0["source"]?.string == "fonsters" && $0["range"]?["start"]?["line"]?.int == line
        }
    }
}
