import FonsterDocument

/// `textDocument/diagnostic` (LSP 3.17's pull diagnostics): a document's diagnostics, as
/// `textDocument/publishDiagnostics` would carry them (capped as they are), with a `resultId`;
/// asked again with that id as `previousResultId`, an `unchanged` report when they are the same.
/// A client that pulls gets none pushed.
enum DocumentDiagnosticMethod: RPCMethod, LanguageFeature {
    struct Params: MethodParams {
        let textDocument: DocumentID, previousResultId: String?
        init(_ p: ParamReader) throws(ResponseError) {
            textDocument = try p.required("textDocument", "The open document: {uri}.")
            let _: String? = try p.optional("identifier", "Accepted and ignored: the server has one kind of diagnostics (fonsters).")
            previousResultId = try p.optional("previousResultId", "The resultId of the last report: an unchanged report when nothing changed.")
            let _: JSONValue? = try p.optional("workDoneToken", "Accepted and ignored.")
            let _: JSONValue? = try p.optional("partialResultToken", "Accepted and ignored: the answer comes whole.")
        }
    }

    /// LSP's `DocumentDiagnosticReport`: `full` with the items, or `unchanged`.
    struct Result: ResultObject {
        let resultId: String, items: [JSONValue]?
        static let members: [Member<Result>] = [
            Member("kind", schema: Schema.enumeration(["full", "unchanged"])) { $0.items == nil ? "unchanged" : "full" },
            Member("resultId") { $0.resultId },
            .optional("items", schema: Schema.array(["type": "object"])) { $0.items },
        ]
    }

    static let name = "textDocument/diagnostic"
    static let summary = "A document's diagnostics, pulled: a full report with a resultId, or unchanged since the one named."
    /// Pulled one document at a time, which no other file changes.
    static let capability = LanguageCapability("diagnosticProvider", ["identifier": "fonsters", "interFileDependencies": false, "workspaceDiagnostics": false])
    static let effect = MethodDeclaration.Effect.pure
    static let errors: [ErrorCode] = [.invalidParams, .requestCancelled]
    static var heaviest: JSONValue { ["textDocument": ["uri": .string(HeavyParams.documentURI)]] }

    static func handle(_ params: Params, _ context: ServerContext, _ request: RequestContext) async throws -> Result {
        let documents = context.documents(request)
        let document = try documents.required(params.textDocument.uri)
        let reserved = Locked(0)
        defer { documents.settle(reserved.current) }
        let items: [JSONValue], version: Int
        switch await DocumentDiagnostics.run(document, documents, context, request, reserved: reserved) {
        case .analysed(_, let analysed, let json):
            (items, version) = (json["diagnostics"]?.array ?? [], analysed)
        case .refused(let bytes, let refused):
            (items, version) = ([DocumentDiagnostics.refusal(document, documents, request.writer, bytes: bytes)], refused)
        case nil:
            throw ResponseError.requestCancelled
        }
        let resultId = "\(version)-\(digest(items))"
        return Result(resultId: resultId, items: params.previousResultId == resultId ? nil : items)
    }

    /// A 64-bit FNV-1a digest of `items`' JSON, in hex: the same diagnostics, the same digest.
    static func digest(_ items: [JSONValue]) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in JSONValue.array(items).serialized() {
            hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3
        }
        return String(hash, radix: 16)
    }
}
