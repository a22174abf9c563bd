import Foundation
import JSON
import CreatureCore
import FonsterDocument

/// The language server over real pipes, against the release `fonsters-rpc` beside this binary,
/// at 10,000 and 100,000 lines: a document opened to its first `publishDiagnostics` (goals ≤ 500
/// ms and ≤ 2 s), one keystroke (an incremental `didChange` of one character) to its re-published
/// diagnostics in server time, the pause in typing taken off (goals p90 ≤ 50 ms and ≤ 150 ms), the
/// bytes of each publish (≤ 256 KiB), and a hover (goal ≤ 5 ms). Each document is new, so its
/// pictures are drawn cold; its lines are distinct seeds drawn by fonsters-v2 with every 5th
/// repeating the one before (a fifth of the lines look alike).
enum LSPBenchmark {
    typealias Child = RPCBenchmark.Child

    /// The document: `lines` lines, a fonsters-v2 directive and `lines - 1` seeds, every `every`th
    /// repeating the one before.
    static func document(lines: Int, variant: Int, every: Int = 50) -> String {
        var text = "# engine: fonsters-v2\n"
        for n in 0..<lines - 1 { text += n % every == every - 1 ? "crew \(variant) member \(n - 1)\n" : "crew \(variant) member \(n)\n" }
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
            if message["method"]?.string == "window/showMessage" {
                fatalError("lsp: the server refused: \(message["params"]?["message"]?.string ?? "")")
            }
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
    /// warm) and the findings (100 told, the rest counted), as a keystroke's round does them
    /// before the JSON.
    static func inProcess(lines: Int) {
        var text = DocumentText(document(lines: lines, variant: 99))
        let cache = PictureCache()
        let start = RPCBenchmark.now()
        var previous = DocumentAnalysis.run(text, defaultEngine: .v2, cache: cache)
        let cold = Double(RPCBenchmark.now() - start) / 1e6
        var analyses: [Double] = [], findings: [Double] = [], count = 0
        for k in 0..<40 {
            let line = 1 + (k * 2_477) % lines
            _ = try? text.replace(TextRange(line: line, from: 0, to: 0), with: "x", .utf16)
            let t0 = RPCBenchmark.now()
            guard let analysis = DocumentAnalysis.run(text, defaultEngine: .v2, cache: cache, previous: previous) else { return }
            previous = analysis
            let t1 = RPCBenchmark.now()
            count = analysis.findings(cap: 100).count  // the server's default cap (fonsters.maxProblems)
            let t2 = RPCBenchmark.now()
            analyses.append(Double(t1 - t0) / 1e6)
            findings.append(Double(t2 - t1) / 1e6)
        }
        let p = RPCBenchmark.percentile
        print(String(format: "lsp model: %d lines drawn cold %.0f ms; after a one-line edit the analysis p50 %.1f ms and the findings (%d) p50 %.1f ms (40 edits, in process)",
                     lines, cold, p(analyses, 0.5), count, p(findings, 0.5)))
    }

    /// The pause the server waits after a keystroke before its round (`DiagnosticsTiming.standard`),
    /// taken off the measured time to give the server's own.
    static let pauseMilliseconds = 150.0

    static func run() {
        inProcess(lines: 10_000)
        inProcess(lines: 100_000)
        // LSP_BENCH=model: the document model alone, in this process.
        if ProcessInfo.processInfo.environment["LSP_BENCH"] == "model" { return }
        let bin = RPCBenchmark.binary()
        guard FileManager.default.fileExists(atPath: bin.path) else {
            print("lsp: \(bin.path) not found; build it first: swift build -c release --product fonsters-rpc")
            return
        }
        session(lines: 10_000, rounds: 5, bin: bin)
        session(lines: 100_000, rounds: 2, bin: bin)
    }

    /// Documents of `lines` lines (every 5th drawing the picture of the one before: a fifth of the
    /// lines look alike), each opened to its first diagnostics, 40 keystrokes each waited for, and
    /// 100 hovers; `rounds` documents, each new (its pictures drawn cold).
    static func session(lines: Int, rounds: Int, bin: URL) {
        guard let child = try? Child(bin) else { print("lsp: cannot start \(bin.path)"); return }
        child.send(#"{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"capabilities":{}}}"#)
        _ = waitForResponse(child, id: 0)
        var opens: [Double] = [], keystrokes: [Double] = [], hovers: [Double] = [], publishes: [Double] = []
        var told = (count: 0, bytes: 0)
        for round in 0..<rounds {
            let uri = "file:///bench/crew\(round).fonsters", text = document(lines: lines, variant: round, every: 5)
            let start = RPCBenchmark.now()
            child.send(#"{"jsonrpc":"2.0","method":"textDocument/didOpen","params":{"textDocument":{"uri":"\#(uri)","languageId":"fonsters","version":1,"text":\#(quoted(text))}}}"#)
            told = waitForDiagnostics(child, version: 1)
            publishes.append(Double(told.bytes))
            opens.append(Double(RPCBenchmark.now() - start) / 1e6)
            // Keystrokes: one character typed at the start of a line, each waited for.
            for k in 0..<40 {
                let line = 1 + (k * 2_477) % lines, version = 2 + k
                let start = RPCBenchmark.now()
                let at = #"{"line":\#(line),"character":0}"#
                child.send(#"{"jsonrpc":"2.0","method":"textDocument/didChange","params":{"textDocument":{"uri":"\#(uri)","version":\#(version)},"#
                           + #""contentChanges":[{"range":{"start":\#(at),"end":\#(at)},"text":"x"}]}}"#)
                publishes.append(Double(waitForDiagnostics(child, version: version).bytes))
                keystrokes.append(max(0, Double(RPCBenchmark.now() - start) / 1e6 - pauseMilliseconds))
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
        let goals = lines > 10_000 ? (open: "≤ 2 s", keystroke: "≤ 150 ms") : (open: "≤ 500 ms", keystroke: "≤ 50 ms")
        print(String(format: "lsp open: a %d-line document (a fifth of its lines alike) to its first diagnostics (%d told in %d KB) p50 %.0f ms, max %.0f ms (%d documents, each drawn cold; goal %@)",
                     lines, told.count, told.bytes / 1024, p(opens, 0.5), opens.max() ?? 0, rounds, goals.open))
        print(String(format: "lsp keystroke (%d lines): one character typed to re-published diagnostics, server time (the %.0f ms pause taken off) "
                     + "p50 %.1f ms, p90 %.1f ms, max %.1f ms (%d keystrokes; goal p90 %@)",
                     lines, pauseMilliseconds, p(keystrokes, 0.5), p(keystrokes, 0.9), keystrokes.max() ?? 0, keystrokes.count, goals.keystroke))
        print(String(format: "lsp publish (%d lines): bytes per publishDiagnostics p50 %.0f, max %.0f (%d publishes; goal ≤ 262,144)",
                     lines, p(publishes, 0.5), publishes.max() ?? 0, publishes.count))
        print(String(format: "lsp hover (%d lines): the creature as Markdown with a 128-px PNG p50 %.2f ms, p90 %.2f ms (%d hovers; goal ≤ 5 ms)",
                     lines, p(hovers, 0.5), p(hovers, 0.9), hovers.count))
    }
}
