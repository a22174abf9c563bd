import Foundation
import JSON
import CreatureCore
import FonsterDocument

/// The language server over real pipes, against the release `fonsters-rpc` beside this binary:
/// a 10,000-line `.fonsters` document opened to its first `publishDiagnostics` (goal ≤ 500 ms),
/// one keystroke (an incremental `didChange` of one character) to its re-published diagnostics
/// (goal ≤ 50 ms), and a hover (goal ≤ 5 ms). Each document is new, so its pictures are drawn
/// cold; the lines are 10,000 distinct seeds drawn by fonsters-v2 with every 50th repeated
/// (so the document has look-alikes to tell).
enum LSPBenchmark {
    typealias Child = RPCBenchmark.Child

    /// The document: `lines` seeds under a fonsters-v2 directive.
    static func document(lines: Int, variant: Int) -> String {
        var text = "# engine: fonsters-v2\n"
        for n in 0..<lines { text += n % 50 == 49 ? "crew \(variant) member \(n - 1)\n" : "crew \(variant) member \(n)\n" }
        return text
    }

    /// A JSON string literal.
    static func quoted(_ text: String) -> String { JSONValue.string(text).serializedString() }

    /// Reads messages until a `publishDiagnostics` of `version`; returns how many diagnostics it
    /// had and its size in bytes.
    @discardableResult
    static func waitForDiagnostics(_ child: Child, version: Int) -> (count: Int, bytes: Int) {
        while true {
            let body = child.receive()
            guard let message = try? JSONValue(parsing: body) else { continue }
            if message["method"]?.string == "textDocument/publishDiagnostics", message["params"]?["version"]?.int == version {
                return (message["params"]?["diagnostics"]?.array?.count ?? 0, body.count)
            }
        }
    }

    /// Reads messages until the response to `id`.
    static func waitForResponse(_ child: Child, id: Int) -> JSONValue {
        while true {
            guard let message = try? JSONValue(parsing: child.receive()) else { continue }
            if message["id"]?.int == id { return message }
        }
    }

    /// The document model alone, in this process: a one-line edit, the analysis (the cache
    /// warm) and the findings, as a keystroke's round does them before the JSON.
    static func inProcess(lines: Int) {
        var text = DocumentText(document(lines: lines, variant: 99))
        let cache = PictureCache()
        let start = RPCBenchmark.now()
        _ = DocumentAnalysis.run(text, defaultEngine: .v2, cache: cache)
        let cold = Double(RPCBenchmark.now() - start) / 1e6
        var analyses: [Double] = [], findings: [Double] = [], count = 0
        for k in 0..<40 {
            let line = 1 + (k * 2_477) % lines
            _ = try? text.replace(TextRange(line: line, from: 0, to: 0), with: "x", .utf16)
            let t0 = RPCBenchmark.now()
            guard let analysis = DocumentAnalysis.run(text, defaultEngine: .v2, cache: cache) else { return }
            let t1 = RPCBenchmark.now()
            count = analysis.findings().count
            let t2 = RPCBenchmark.now()
            analyses.append(Double(t1 - t0) / 1e6)
            findings.append(Double(t2 - t1) / 1e6)
        }
        let p = RPCBenchmark.percentile
        print(String(format: "lsp model: %d lines drawn cold %.0f ms; after a one-line edit the analysis p50 %.1f ms and the findings (%d) p50 %.1f ms (40 edits, in process)",
                     lines, cold, p(analyses, 0.5), count, p(findings, 0.5)))
    }

    static func run() {
        inProcess(lines: 10_000)
        let bin = RPCBenchmark.binary()
        guard FileManager.default.fileExists(atPath: bin.path) else {
            print("lsp: \(bin.path) not found; build it first: swift build -c release --product fonsters-rpc")
            return
        }
        guard let child = try? Child(bin) else { print("lsp: cannot start \(bin.path)"); return }
        child.send(#"{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"capabilities":{}}}"#)
        _ = waitForResponse(child, id: 0)
        let lines = 10_000
        var opens: [Double] = [], keystrokes: [Double] = [], hovers: [Double] = []
        var told = (count: 0, bytes: 0)
        for round in 0..<5 {
            let uri = "file:///bench/crew\(round).fonsters", text = document(lines: lines, variant: round)
            let start = RPCBenchmark.now()
            child.send(#"{"jsonrpc":"2.0","method":"textDocument/didOpen","params":{"textDocument":{"uri":"\#(uri)","languageId":"fonsters","version":1,"text":\#(quoted(text))}}}"#)
            told = waitForDiagnostics(child, version: 1)
            opens.append(Double(RPCBenchmark.now() - start) / 1e6)
            // Keystrokes: one character typed at the end of a line, each waited for.
            for k in 0..<40 {
                let line = 1 + (k * 2_477) % lines, version = 2 + k
                let start = RPCBenchmark.now()
                let at = #"{"line":\#(line),"character":0}"#
                child.send(#"{"jsonrpc":"2.0","method":"textDocument/didChange","params":{"textDocument":{"uri":"\#(uri)","version":\#(version)},"#
                           + #""contentChanges":[{"range":{"start":\#(at),"end":\#(at)},"text":"x"}]}}"#)
                waitForDiagnostics(child, version: version)
                keystrokes.append(Double(RPCBenchmark.now() - start) / 1e6)
            }
            for h in 0..<100 {
                let id = 1_000 * (round + 1) + h, line = 1 + (h * 97) % lines
                let start = RPCBenchmark.now()
                child.send(#"{"jsonrpc":"2.0","id":\#(id),"method":"textDocument/hover","params":{"textDocument":{"uri":"\#(uri)"},"position":{"line":\#(line),"character":2}}}"#)
                _ = waitForResponse(child, id: id)
                hovers.append(Double(RPCBenchmark.now() - start) / 1e6)
            }
            child.send(#"{"jsonrpc":"2.0","method":"textDocument/didClose","params":{"textDocument":{"uri":"\#(uri)"}}}"#)
        }
        child.stop()
        let p = RPCBenchmark.percentile
        print(String(format: "lsp open: a %d-line document to its first diagnostics (%d told in %d KB) p50 %.0f ms, max %.0f ms (5 documents, each drawn cold; goal ≤ 500 ms)",
                     lines, told.count, told.bytes / 1024, p(opens, 0.5), opens.max() ?? 0))
        print(String(format: "lsp keystroke: one character typed to re-published diagnostics in that document p50 %.1f ms, p90 %.1f ms, max %.1f ms (200 keystrokes; goal ≤ 50 ms)",
                     p(keystrokes, 0.5), p(keystrokes, 0.9), keystrokes.max() ?? 0))
        print(String(format: "lsp hover: the creature as Markdown with a 128-px PNG p50 %.2f ms, p90 %.2f ms (500 hovers; goal ≤ 5 ms)",
                     p(hovers, 0.5), p(hovers, 0.9)))
    }
}
