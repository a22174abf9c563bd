import CreatureCore
import FonsterDocument

/// `textDocument/codeAction`: on a seed line that looks like another, "use a distinct variant"
/// (a quick fix keeping its traits where it can) and, under fonsters-v1, "draw these lines with
/// fonsters-v2"; "remove the invisible characters" where there are some; and "add to library"
/// and "add all to library" (`workspace/executeCommand`); and, where the document has look-alikes and
/// the cursor is on one (or the client asks for `source.fixAll`), "Fix all look-alikes in this
/// file": one edit giving every look-alike line after the first of its kind a distinct variant.
/// `context.only` keeps the kinds it names (and their subkinds).
enum CodeActionMethod: RPCMethod, LanguageFeature {
    struct Params: MethodParams {
        let textDocument: DocumentID, range: LSPRange, context: JSONValue?
        init(_ p: ParamReader) throws(ResponseError) {
            textDocument = try p.required("textDocument", "The open document: {uri}.")
            range = try p.required("range", "{start, end}: positions, as position is.")
            context = try p.optional("context", "LSP's CodeActionContext: its diagnostics of ours on the line are named by the fixes.")
            let _: JSONValue? = try p.optional("partialResultToken", "Accepted and ignored: the answer comes whole.")
        }
    }

    /// One action: a fix (an edit of the document) or a command.
    struct Action: ResultObject {
        enum Kind: String, CaseIterable { case quickfix, source, fixAll = "source.fixAll.fonsters" }
        let title: String, kind: Kind, isPreferred: Bool?, diagnostics: [JSONValue]?, edit: WorkspaceEdit?, command: Command?

        /// A fix: `edit`, answering `diagnostics`.
        static func fix(_ title: String, preferred: Bool? = nil, _ diagnostics: [JSONValue], _ edit: WorkspaceEdit) -> Action {
            Action(title: title, kind: .quickfix, isPreferred: preferred, diagnostics: diagnostics, edit: edit, command: nil)
        }

        /// The fix of the whole file: `edit`.
        static func fixAll(_ title: String, _ edit: WorkspaceEdit) -> Action {
            Action(title: title, kind: .fixAll, isPreferred: nil, diagnostics: nil, edit: edit, command: nil)
        }

        /// A command of `workspace/executeCommand`.
        static func source(_ title: String, _ command: Command) -> Action {
            Action(title: title, kind: .source, isPreferred: nil, diagnostics: nil, edit: nil, command: command)
        }

        static let members: [Member<Action>] = [
            Member("title") { $0.title },
            Member("kind", schema: Schema.oneOf(Kind.allCases)) { $0.kind.rawValue },
            .optional("isPreferred") { $0.isPreferred },
            .optional("diagnostics", schema: Schema.array(["type": "object"])) { $0.diagnostics },
            .optional("edit") { $0.edit },
            .optional("command") { $0.command },
        ]
    }

    /// LSP's `Command`: one of `workspace/executeCommand`'s, with its one argument.
    struct Command: ResultObject {
        let title: String, command: ExecuteCommandMethod.Command, argument: JSONValue
        static let members: [Member<Command>] = [
            Member("title") { $0.title },
            Member("command", schema: Schema.oneOf(ExecuteCommandMethod.Command.allCases)) { $0.command.rawValue },
            Member("arguments", schema: Schema.array(["type": "object"], minimum: 1, maximum: 1)) { [$0.argument] },
        ]
    }
    typealias Result = [Action]

    static let name = "textDocument/codeAction"
    static let summary = "Fixes for the seed line at the range's start, and adding seeds to the library."
    /// The kinds of its actions.
    static let capability = LanguageCapability("codeActionProvider", ["codeActionKinds": .array(Action.Kind.allCases.map { .string($0.rawValue) })])
    static let effect = MethodDeclaration.Effect.pure
    static let errors: [ErrorCode] = [.invalidParams, .requestCancelled]
    static var heaviest: JSONValue {
        // A line drawing the same picture as another: its distinct variant is searched for.
        let line: JSONValue = ["line": .int(Int64(HeavyParams.documentAlikeLine)), "character": 0]
        return ["textDocument": ["uri": .string(HeavyParams.documentURI)], "range": ["start": line, "end": line]]
    }

    /// Whether `text` has a seed line: the first one found ends the search, which takes turns.
    static func hasSeed(_ text: DocumentText, request: RequestContext) throws(ResponseError) -> Bool {
        for n in 0..<text.lineCount {
            if case .seed = FonstersFormat.classify(FonstersFormat.content(ofLine: n, in: text)) { return true }
            if n % 4096 == 4095 && request.takeTurn() { throw .requestCancelled }
        }
        return false
    }

    /// The most lines "Fix all look-alikes" rewrites in one edit.
    static let maxFixedLines = 500

    static func handle(_ params: Params, _ context: ServerContext, _ request: RequestContext) async throws -> Result {
        let only = params.context?["only"]
        let fixAll = only?.array?.compactMap(\.string).contains { Action.Kind.fixAll.rawValue.hasPrefix($0) && $0 != "" } ?? false
        return try await actions(params, context, request, fixAll: fixAll).filter { LSPJSON.kind($0.kind.rawValue, isIn: only) }
    }

    /// Every action for the params, whatever kinds the client asked for; "Fix all" also when
    /// `fixAll` (the client asked for that kind).
    static func actions(_ params: Params, _ context: ServerContext, _ request: RequestContext, fixAll: Bool) async throws -> Result {
        let uri = params.textDocument.uri
        let document = try context.documents(request).required(uri)
        let version = document.snapshot.version
        let addAll = Action.source("Add all seeds to the library", Command(title: "Add all seeds to the library", command: .addAll, argument: ["uri": .string(uri)]))
        // A document the memory budget has no room to analyse has no look-alikes to fix; its
        // seeds can still be added (that needs no picture).
        guard let analysis = try await document.analysis(in: context.documents(request), request: request) else {
            let text = document.snapshot.text
            let seeded = try await request.computeOnPool { () throws(ResponseError) -> Bool in try hasSeed(text, request: request) }
            return seeded ? [addAll] : []
        }
        let text = analysis.text, encoding = context.documents(request).encoding, lineNumber = params.range.start.line
        var actions: [Action] = []
        let onLookalike = analysis.seedIndexByLine[lineNumber].map { !analysis.sameAs($0).isEmpty || !analysis.nearlyAs($0).isEmpty } ?? false
        var fixAllAction: Action?
        if fixAll || onLookalike {
            let edits = try await request.computeOnPool { () throws(ResponseError) -> [TextEdit] in
                try fixAllEdits(analysis, encoding: encoding, request: request)
            }
            if !edits.isEmpty {
                let lines = edits.count == 1 ? "1 line" : "\(edits.count) lines"
                fixAllAction = .fixAll("Fix all look-alikes in this file (\(lines))", WorkspaceEdit(uri: uri, edits: edits))
            }
        }
        guard let index = analysis.seedIndexByLine[lineNumber], analysis.seeds[index].picture != nil else {
            return analysis.seeds.isEmpty ? [] : [fixAllAction, addAll].compactMap { $0 }
        }
        let line = analysis.seeds[index]
        let ours = diagnostics(params.context, line: lineNumber)
        let lineRange = TextRange.line(lineNumber, of: text, encoding)
        let same = analysis.sameAs(index), nearly = analysis.nearlyAs(index)
        if !same.isEmpty || !nearly.isEmpty {
            let key = PictureCache.Key(seed: line.seed, engine: line.engine)
            let variant = try await request.computeOnPool { () throws(ResponseError) -> String? in
                try document.variant(key, version: version) { () throws(ResponseError) -> String? in
                    try DistinctVariants.find(index, in: analysis, limit: 1, request: request).first?.seed
                }
            }
            if let variant, let newLine = FonstersFormat.line(for: variant) {
                actions.append(.fix("Use a distinct variant: “\(DocumentAnalysis.quoted(variant))”", preferred: true, ours,
                                    WorkspaceEdit(uri: uri, edits: [TextEdit(range: lineRange, newText: newLine)])))
            }
            if line.engine == .v1, let edit = v2Directive(analysis, line: lineNumber, encoding) {
                actions.append(.fix("Draw these lines with fonsters-v2", ours, WorkspaceEdit(uri: uri, edits: [edit])))
            }
        }
        let cleaned = InvisibleCharacters.removing(from: line.seed)
        if cleaned != line.seed, let newLine = FonstersFormat.line(for: cleaned) {
            actions.append(.fix("Remove the invisible characters", ours, WorkspaceEdit(uri: uri, edits: [TextEdit(range: lineRange, newText: newLine)])))
        }
        let argument: JSONValue = ["seed": .string(line.seed), "engine": .string(line.engine.rawValue)]
        actions.append(.source("Add “\(DocumentAnalysis.quoted(line.seed))” to the library", Command(title: "Add to the library", command: .add, argument: argument)))
        if let fixAllAction { actions.append(fixAllAction) }
        actions.append(addAll)
        return actions
    }

    /// The edits of "Fix all look-alikes": every seed line that looks like an earlier line kept as
    /// it is gets a distinct variant, unlike every line and every variant given before it (at
    /// most `maxFixedLines`; a line for which none is found stays).
    static func fixAllEdits(_ analysis: DocumentAnalysis, encoding: PositionEncoding, request: RequestContext) throws(ResponseError) -> [TextEdit] {
        var changed = Set<Int>(), given = LikenessIndex(), edits: [TextEdit] = []
        for index in analysis.seeds.indices where analysis.seeds[index].picture != nil {
            guard edits.count < maxFixedLines else { break }
            try request.checkpoint()
            let earlier = analysis.sameAs(index) + analysis.nearlyAs(index).map(\.index)
            guard earlier.contains(where: { $0 < index && !changed.contains($0) }) else { continue }
            guard let variant = try DistinctVariants.find(index, in: analysis, limit: 1, alsoUnlike: given, request: request).first,
                  let newLine = FonstersFormat.line(for: variant.seed) else { continue }
            changed.insert(index)
            given.insert(variant.picture)
            edits.append(TextEdit(range: .line(analysis.seeds[index].line, of: analysis.text, encoding), newText: newLine))
        }
        return edits
    }

    /// The edit drawing `line`'s block with fonsters-v2: the fonsters-v1 directive in force
    /// rewritten, or (none: the default engine draws it) one put first.
    static func v2Directive(_ analysis: DocumentAnalysis, line: Int, _ encoding: PositionEncoding) -> TextEdit? {
        let text = analysis.text
        for n in stride(from: line - 1, through: 0, by: -1) {
            if case .directive(let named?, _) = FonstersFormat.classify(text.lines[n]) {
                guard named == .v1 else { return nil }
                return TextEdit(range: .line(n, of: text, encoding), newText: FonstersFormat.directive(.v2))
            }
        }
        return TextEdit(range: TextRange(line: 0, from: 0, to: 0), newText: FonstersFormat.directive(.v2) + "\n")
    }

    /// The client's diagnostics (`context.diagnostics`) that are ours and on `line`.
    static func diagnostics(_ context: JSONValue?, line: Int) -> [JSONValue] {
        (context?["diagnostics"]?.array ?? []).filter {
            $0["source"]?.string == "fonsters" && $0["range"]?["start"]?["line"]?.int == line
        }
    }
}
