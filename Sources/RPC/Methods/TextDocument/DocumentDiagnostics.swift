import Foundation
import CreatureCore
import FonsterDocument

/// When a round of diagnostics starts after a change: after `pause` without another change, so a
/// person typing is never slowed by rounds that the next key makes stale. `sleep` is the clock
/// (a test's waits for its own signal instead of time).
struct DiagnosticsTiming: Sendable {
    /// The quiet after a change before its round starts.
    let pause: Duration
    /// Waits `duration`.
    let sleep: @Sendable (Duration) async -> Void

    /// 150 ms of quiet, on the system's clock.
    static let standard = DiagnosticsTiming(pause: .milliseconds(150)) { try? await Task.sleep(for: $0) }
}

/// Publishes a document's diagnostics (`textDocument/publishDiagnostics` with its version) after
/// it opens (at once) or changes (after a pause in typing, `DiagnosticsTiming`): off the read
/// loop, with the drawing on the compute pool (through a request context of its own, cancelled
/// when a newer change comes). Only the newest round publishes; a closed document publishes
/// nothing more. A document's problems are capped (`LanguageSettings.maxProblems`, errors first),
/// with one diagnostic telling how many more there are, so no publish grows with the document.
/// A client that pulls diagnostics (`textDocument/diagnostic`) gets none pushed.
enum DocumentDiagnostics {
    /// The notification's name.
    static let method = "textDocument/publishDiagnostics"
    /// The most related lines a diagnostic names.
    static let maxRelated = 3

    /// Schedules a round for `document` of `documents`, publishing to `writer`, and returns at
    /// once; `pause` waits for a pause in typing first.
    static func schedule(_ document: OpenDocument, _ documents: TextDocuments, _ context: ServerContext, writer: MessageWriter, pause: Bool) {
        let (flag, generation) = document.beginRound(writer)
        guard !documents.pullsDiagnostics else { return }
        // The round's work is estimated large, so `compute` takes it to the pool.
        let request = RequestContext(id: .string("diagnostics \(generation)"), session: documents.session, method: method, workDoneToken: nil,
                                     flag: flag, writer: writer, estimatedBytes: RequestContext.inlineBytes)
        let timing = documents.timing
        Task {
            if pause {
                await timing.sleep(timing.pause)
                guard !flag.isCancelled else { return }
            }
            guard let (analysis, version, json) = await run(document, documents, context, request) else { return }
            document.finishRound(generation, version: version, analysis) {
                writer.sendNotification(method, params: json)
            }
            documents.charge()
        }
    }

    /// One round: the library's pictures, the analysis, and the notification's params; nil when
    /// cancelled.
    static func run(_ document: OpenDocument, _ documents: TextDocuments, _ context: ServerContext,
                    _ request: RequestContext) async -> (DocumentAnalysis, Int, JSONValue)? {
        let library = await documents.library.current(context, request: request)
        let (text, version, cache) = document.snapshot
        let encoding = documents.encoding, defaultEngine = documents.defaultEngine, uri = document.uri
        let cap = documents.settings.maxProblems
        return try? await request.computeOnPool { () throws(ResponseError) -> (DocumentAnalysis, Int, JSONValue) in
            guard let analysis = DocumentAnalysis.run(text, defaultEngine: defaultEngine, cache: cache,
                                                      isCancelled: { request.takeTurn() }) else { throw .requestCancelled }
            let findings = analysis.findings(library: library.isEmpty ? nil : { library[$0] })
            try request.checkCancellation()
            let diagnostics = diagnostics(findings, cap: cap, uri: uri, analysis.text, encoding)
            return (analysis, version, ["uri": .string(uri), "version": .int(Int64(version)), "diagnostics": .array(diagnostics)])
        }
    }

    /// The diagnostics of `findings`: at most `cap`, the most serious first (then in line order),
    /// and when some are left out, one more on the first line saying how many.
    static func diagnostics(_ findings: [Finding], cap: Int, uri: String, _ text: DocumentText, _ encoding: PositionEncoding) -> [JSONValue] {
        var kept = findings
        if kept.count > cap {
            kept.sort { ($0.severity.rawValue, $0.line) < ($1.severity.rawValue, $1.line) }
            kept.removeLast(kept.count - cap)
        }
        var diagnostics = kept.map { diagnostic($0, uri: uri, text, encoding) }
        if findings.count > cap {
            let more = findings.count - cap
            diagnostics.append([
                "range": LSPJSON.range(TextRange.line(0, of: text, encoding)), "severity": .int(Int64(Finding.Severity.information.rawValue)),
                "code": "more-problems", "source": "fonsters",
                "message": .string("\(English.grouped(more)) more \(more == 1 ? "problem is" : "problems are") not shown: at most \(English.grouped(cap)) a file "
                                   + "(the setting fonsters.maxProblems)."),
            ])
        }
        return diagnostics
    }

    /// The `Diagnostic` of `finding`: its range (the line, or the characters at fault), severity,
    /// code, source, message, and up to `maxRelated` other lines it concerns as related information.
    static func diagnostic(_ finding: Finding, uri: String, _ text: DocumentText, _ encoding: PositionEncoding) -> JSONValue {
        let range = finding.range.map { LSPJSON.range(text, finding.line, $0, encoding) } ?? TextRange.line(finding.line, of: text, encoding)
        var diagnostic: JSONObject = [
            "range": LSPJSON.range(range), "severity": .int(Int64(finding.severity.rawValue)),
            "code": .string(finding.code), "source": "fonsters", "message": .string(finding.message),
        ]
        if !finding.related.isEmpty {
            let note = finding.code == "same-picture" ? "draws the same picture" : "draws nearly the same picture"
            diagnostic["relatedInformation"] = .array(finding.related.prefix(maxRelated).map { line in
                ["location": ["uri": .string(uri), "range": LSPJSON.range(TextRange.line(line, of: text, encoding))],
                 "message": .string("Line \(line + 1) \(note).")]
            })
        }
        if case .inLibrary(let id, _, _) = finding.kind { diagnostic["data"] = ["id": .string(id)] }
        return .object(diagnostic)
    }
}
