import Foundation
import CreatureCore
import FonsterDocument

/// Publishes a document's diagnostics (`textDocument/publishDiagnostics` with its version) after
/// it opens or changes: off the read loop, with the drawing on the compute pool (through a
/// request context of its own, cancelled when a newer change comes). Only the newest round
/// publishes; a closed document publishes nothing more.
enum DocumentDiagnostics {
    /// The notification's name.
    static let method = "textDocument/publishDiagnostics"

    /// Schedules a round for `document` and returns at once.
    static func schedule(_ document: OpenDocument, _ context: ServerContext, _ notification: NotificationContext) {
        let (flag, generation) = document.beginRound(notification.writer)
        // The round's work is estimated large, so `compute` takes it to the pool.
        let request = RequestContext(id: .string("diagnostics \(generation)"), method: method, workDoneToken: nil, flag: flag,
                                     writer: notification.writer, estimatedBytes: RequestContext.inlineBytes)
        Task {
            guard let (analysis, version, json) = await run(document, context, request) else { return }
            document.finishRound(generation, version: version, analysis) {
                notification.writer.sendNotification(method, params: json)
            }
            context.documents.charge()
        }
    }

    /// One round: the library's pictures, the analysis, and the notification's params; nil when
    /// cancelled.
    static func run(_ document: OpenDocument, _ context: ServerContext,
                    _ request: RequestContext) async -> (DocumentAnalysis, Int, JSONValue)? {
        let library = await context.documents.library.current(context, request: request)
        let (text, version, cache) = document.snapshot
        let encoding = context.documents.encoding, defaultEngine = context.defaultEngine, uri = document.uri
        return try? await request.computeOnPool { () throws(ResponseError) -> (DocumentAnalysis, Int, JSONValue) in
            guard let analysis = DocumentAnalysis.run(text, defaultEngine: defaultEngine, cache: cache,
                                                      isCancelled: { request.takeTurn() }) else { throw .requestCancelled }
            let findings = analysis.findings(library: library.isEmpty ? nil : { library[$0] })
            try request.checkCancellation()
            return (analysis, version, params(uri: uri, version: version, findings, analysis.text, encoding))
        }
    }

    /// The notification's params: the document, its version, and a diagnostic per finding.
    static func params(uri: String, version: Int?, _ findings: [Finding], _ text: DocumentText, _ encoding: PositionEncoding) -> JSONValue {
        [
            "uri": .string(uri),
            "version": version.map { .int(Int64($0)) } ?? .null,
            "diagnostics": .array(findings.map { diagnostic($0, uri: uri, text, encoding) }),
        ]
    }

    /// The `Diagnostic` of `finding`: its range (the line, or the characters at fault), severity,
    /// code, source, message, and the other lines it concerns as related information.
    static func diagnostic(_ finding: Finding, uri: String, _ text: DocumentText, _ encoding: PositionEncoding) -> JSONValue {
        let range = finding.range.map { LSPJSON.range(text, finding.line, $0, encoding) } ?? TextRange.line(finding.line, of: text, encoding)
        var diagnostic: JSONObject = [
            "range": LSPJSON.range(range), "severity": .int(Int64(finding.severity.rawValue)),
            "code": .string(finding.code), "source": "fonsters", "message": .string(finding.message),
        ]
        if !finding.related.isEmpty {
            let note = finding.code == "same-picture" ? "draws the same picture" : "draws nearly the same picture"
            diagnostic["relatedInformation"] = .array(finding.related.map { line in
                ["location": ["uri": .string(uri), "range": LSPJSON.range(TextRange.line(line, of: text, encoding))],
                 "message": .string("“\(DocumentAnalysis.quoted(text.lines[line]))” \(note)")]
            })
        }
        if case .inLibrary(let id, _, _) = finding.kind { diagnostic["data"] = ["id": .string(id)] }
        return .object(diagnostic)
    }
}
