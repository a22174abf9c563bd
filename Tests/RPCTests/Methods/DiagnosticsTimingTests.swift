import Foundation
import Testing
import FonsterStore
import FonsterDocument
import CreatureCore
@testable import RPC
@testable import RPCTransport

/// Diagnostics after a change wait for a pause in typing, on a clock the test holds: twenty quick
/// changes publish once, for the last version; and a document's problems are capped with a summary.
@Suite struct DiagnosticsTimingTests {
    /// A clock whose pauses end only when the test lets them go.
    final class HeldClock: @unchecked Sendable {
        private let lock = NSLock()
        private var sleepers: [CheckedContinuation<Void, Never>] = []
        private var asked = 0

        var timing: DiagnosticsTiming {
            DiagnosticsTiming(pause: .seconds(3_600)) { _ in
                await withCheckedContinuation { continuation in
                    self.lock.withLock {
                        self.sleepers.append(continuation)
                        self.asked += 1
                    }
                }
            }
        }
        /// How many pauses began.
        var pauses: Int { lock.withLock { asked } }
        /// Ends every pause begun.
        func letGo() { lock.withLock { () -> [CheckedContinuation<Void, Never>] in defer { sleepers = [] }; return sleepers }.forEach { $0.resume() } }
    }

    /// An output that records each newline-delimited message.
    final class Recorder: ByteOutput, @unchecked Sendable {
        private let lock = NSLock()
        private var messages: [JSONValue] = []
        func write(_ bytes: [UInt8]) {
            for line in bytes.split(separator: UInt8(ascii: "\n")) {
                if let message = try? JSONParser.parse(Array(line)) { lock.withLock { messages.append(message) } }
            }
        }
        func flush() async {}
        func close() async {}
        func hold() {}
        func release() {}
        var pendingBytes: Int { 0 }
        func waitForRoom(limit: Int) async {}
        func whenBroken(_ handler: @escaping @Sendable () -> Void) {}
        /// The versions published, in order.
        var versions: [Int] { lock.withLock { messages.compactMap { $0["params"]?["version"]?.int } } }
        var published: [JSONValue] { lock.withLock { messages.filter { $0["method"] == "textDocument/publishDiagnostics" } } }
    }

    /// Waits (yielding, no fixed sleep) until `condition` holds.
    static func until(_ condition: () -> Bool) async {
        while !condition() { await Task.yield() }
    }

    @Test func quickChangesPublishOnceAfterThePause() async throws {
        let clock = HeldClock(), output = Recorder()
        let context = ServerContext(location: .memory, options: StoreOptions())
        let documents = TextDocuments(owner: context.languageSessions.owner, defaultEngine: .v1, timing: clock.timing)
        let writer = MessageWriter(output: output, framing: FramingState(.newlineDelimited))
        let document = try #require(try documents.open(uri: "file:///a.fonsters", version: 1, text: "alpha\nbeta\n"))
        DocumentDiagnostics.schedule(document, documents, context, writer: writer, pause: false)
        await Self.until { output.versions == [1] }
        for version in 2...21 {
            _ = try documents.change(uri: "file:///a.fonsters", version: version, [(TextRange(line: 0, from: 0, to: 0), "x")])
            DocumentDiagnostics.schedule(document, documents, context, writer: writer, pause: true)
        }
        await Self.until { clock.pauses == 20 }
        #expect(output.versions == [1], "nothing is published while typing goes on")
        clock.letGo()
        await Self.until { output.versions.count == 2 }
        #expect(output.versions == [1, 21])
        #expect(document.currentAnalysis?.text.lines.first == String(repeating: "x", count: 20) + "alpha")
    }

    @Test func problemsAreCappedWithOneSummary() throws {
        // 29 lines drawing one picture, then a seed over the length limit (an error).
        let text = DocumentText(((0..<29).map { _ in "same" } + [String(repeating: "l", count: TextLimit.maxLength + 1)]).joined(separator: "\n"))
        let analysis = try #require(DocumentAnalysis.run(text, defaultEngine: .v2, cache: PictureCache()))
        let findings = analysis.findings(cap: 5)
        #expect(findings.count == 30 && findings.shown.count == 5)
        let diagnostics = DocumentDiagnostics.diagnostics(findings.shown, of: findings.count, cap: 5, uri: "file:///a.fonsters", text, .utf16)
        #expect(diagnostics.count == 6)
        #expect(diagnostics[0]["severity"] == 1 && diagnostics[0]["range"]?["start"]?["line"] == 29, "errors first")
        #expect(diagnostics[1...4].map { $0["range"]?["start"]?["line"]?.int } == [0, 1, 2, 3], "then in line order")
        #expect(diagnostics[5]["code"] == "more-problems" && diagnostics[5]["message"]?.string?.hasPrefix("25 more problems are not shown") == true)
        // Within the cap, every finding is told, in line order, and nothing is summed up.
        let all = analysis.findings(cap: 30)
        #expect(all.shown == analysis.findings() && all.shown.count == 30)
        #expect(DocumentDiagnostics.diagnostics(all.shown, of: all.count, cap: 30, uri: "file:///a.fonsters", text, .utf16).count == 30)
    }
}
