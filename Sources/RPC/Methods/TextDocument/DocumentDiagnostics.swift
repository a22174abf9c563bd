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
    /// The most related lines a diagnostic names: as many as a finding names.
    static let maxRelated = DocumentAnalysis.maxRelated

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
            let reserved = Locked(0)
            defer {
                documents.settle(reserved.current)
                // Bytes given back by a round stopped (its document closed, or a newer round begun) may hold a refused analysis.
                if reserved.current > 0 && (flag.isCancelled || document.isClosed) { retryRefused(documents, context) }
            }
            switch await run(document, documents, context, request, reserved: reserved) {
            case .analysed(let analysis, let version, let json):
                document.finishRound(generation, version: version, analysis) {
                    writer.sendNotification(method, params: json)
                }
            case .refused(let bytes, let version):
                refuse(document, documents, writer: writer, bytes: bytes, version: version, round: flag)
            case nil:
                return
            }
        }
    }

    /// Schedules a round for each document of `documents` whose analysis the memory budget
    /// refused and that has none under way: called when bytes were given back (a document closed,
    /// a round stopped).
    static func retryRefused(_ documents: TextDocuments, _ context: ServerContext) {
        for document in documents.all where document.awaitsRoom {
            guard let writer = document.writer else { continue }
            schedule(document, documents, context, writer: writer, pause: false)
        }
    }

    /// What a round came to: the analysis, its text's version and the notification's params;
    /// or the memory budget's refusal of `bytes` for the text at `version`.
    enum Round {
        case analysed(DocumentAnalysis, Int, JSONValue)
        case refused(bytes: Int, version: Int)
    }

    /// The code of the one diagnostic of a document the memory budget had no room to analyse.
    static let notAnalysedCode = Finding.Code.notAnalysed.rawValue

    /// A round the memory budget refused: the document stays open as text, its diagnostics are
    /// one on its first line saying why (`refusal`), published unless the client pulls them.
    static func refuse(_ document: OpenDocument, _ documents: TextDocuments, writer: MessageWriter, bytes: Int, version: Int, round: RequestFlag) {
        let diagnostic = refusal(document, documents, writer, bytes: bytes, round: round)
        guard !documents.pullsDiagnostics else { return }
        writer.sendNotification(method, params: ["uri": .string(document.uri), "version": .int(Int64(version)), "diagnostics": [diagnostic]])
    }

    /// The diagnostic of a document whose analysis the memory budget refused `bytes` for, on its
    /// first line; the first refusal since its last analysis is told to the person too
    /// (`window/showMessage`, a warning) and to the client's log.
    static func refusal(_ document: OpenDocument, _ documents: TextDocuments, _ writer: MessageWriter, bytes: Int,
                        round: RequestFlag? = nil) -> JSONValue {
        let message = "The server's memory budget has no room for the analysis of \(document.uri) (another \(TextDocuments.mebibytes(bytes))): "
            + "its look-alikes are not checked. To have them, close other documents, or start the server with a larger --memory-budget."
        if document.refuseAnalysis(round: round) {
            writer.sendNotification("window/showMessage", params: ["type": 2, "message": .string(message)])
            writer.sendNotification("window/logMessage", params: ["type": 2, "message": .string(message)])
        }
        return [
            "range": LSPJSON.range(TextRange.line(0, of: document.snapshot.text, documents.encoding)),
            "severity": .int(Int64(Finding.Severity.warning.rawValue)),
            "code": .string(notAnalysedCode), "source": "fonsters", "message": .string(message),
        ]
    }

    /// One round: the analysis (its bytes reserved first in the memory budget, and noted in
    /// `reserved` for the caller to settle), then the library's pictures (a document's own
    /// analysis comes before the library's keys in the budget), and the notification's params;
    /// nil when cancelled. When its problems name Fonsters of the library whose names were not
    /// read yet, they are read and the problems told again.
    static func run(_ document: OpenDocument, _ documents: TextDocuments, _ context: ServerContext,
                    _ request: RequestContext, reserved: Locked<Int>) async -> Round? {
        let (text, version, cache) = document.snapshot, previous = document.lastAnalysis
        let encoding = documents.encoding, defaultEngine = documents.defaultEngine, uri = document.uri
        let cap = documents.settings.maxProblems
        let outcome = try? await request.computeOnPool { () throws(ResponseError) -> DocumentAnalysis.Outcome in
            DocumentAnalysis.run(text, defaultEngine: defaultEngine, cache: cache, previous: previous, within: { bytes in
                guard documents.reserve(bytes) else { return false }
                reserved.withLock { $0 += bytes }
                return true
            }, isCancelled: { request.takeTurn() })
        }
        let analysis: DocumentAnalysis
        switch outcome {
        case .analysed(let made)?: analysis = made
        case .refused(let bytes)?: return .refused(bytes: bytes, version: version)
        case .cancelled?, nil: return nil
        }
        /// The notification's params with `view` compared, and the Fonsters its problems name
        /// whose names `view` has not read.
        func told(_ view: LibraryPictures.Matches?) async -> (params: JSONValue, unnamed: Set<UUID>)? {
            try? await request.computeOnPool { () throws(ResponseError) -> (JSONValue, Set<UUID>) in
                let findings = analysis.findings(library: view.map { view -> (UInt64) -> LibraryMatch? in { view.match($0) } }, cap: cap)
                try request.checkCancellation()
                let unnamed = view.map { view in Set(findings.shown.compactMap { finding -> UUID? in
                    guard case .inLibrary(let id, _, _) = finding.kind, let id = UUID(uuidString: id), !view.hasName(id) else { return nil }
                    return id
                }) } ?? []
                let diagnostics = diagnostics(findings.shown, of: findings.count, cap: cap, uri: uri, analysis.text, encoding)
                return (["uri": .string(uri), "version": .int(Int64(version)), "diagnostics": .array(diagnostics)], unnamed)
            }
        }
        let matches = await context.pictures.currentMatches(context, request: request)
        let library = matches?.isEmpty == false ? matches : nil
        guard let first = await told(library) else { return nil }
        guard let library, !first.unnamed.isEmpty else { return .analysed(analysis, version, first.params) }
        // Told again with the names read: the problems now say them.
        guard let named = await told(await context.pictures.named(library, ids: first.unnamed, context)) else { return nil }
        return .analysed(analysis, version, named.params)
    }

    /// The diagnostics of `shown`, the findings told of `count` (at most `cap`, the most serious
    /// first when some are left out: `DocumentAnalysis.findings(library:cap:)`), and when some are
    /// left out, one more on the first line saying how many.
    static func diagnostics(_ shown: [Finding], of count: Int, cap: Int, uri: String, _ text: DocumentText, _ encoding: PositionEncoding) -> [JSONValue] {
        var diagnostics = shown.map { diagnostic($0, uri: uri, text, encoding) }
        if count > shown.count {
            let more = count - shown.count
            diagnostics.append([
                "range": LSPJSON.range(TextRange.line(0, of: text, encoding)), "severity": .int(Int64(Finding.Severity.information.rawValue)),
                "code": .string(Finding.Code.moreProblems.rawValue), "source": "fonsters",
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
            let note = finding.kind.code == .samePicture ? "draws the same picture" : "draws nearly the same picture"
            diagnostic["relatedInformation"] = .array(finding.related.prefix(maxRelated).map { line in
                ["location": ["uri": .string(uri), "range": LSPJSON.range(TextRange.line(line, of: text, encoding))],
                 "message": .string("Line \(line + 1) \(note).")]
            })
        }
        if case .inLibrary(let id, _, _) = finding.kind { diagnostic["data"] = ["id": .string(id)] }
        return .object(diagnostic)
    }
}
