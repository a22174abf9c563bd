import Foundation
import Testing
import TestSupport
import FonsterStore
@testable import RPC

extension EndToEnd {
    /// Every declared method and notification is a heavy neighbour. Each declares its heaviest
    /// params (`RPCMethod.heaviest`, `RPCNotification.heaviest`); for each, two of them run at once
    /// over stdio (and, for one method of each kind of work, over the `web` command's WebSocket:
    /// `overWebSocket`), and meanwhile a cheap request
    /// is answered, `$/cancelRequest` answers -32800 (a request's) and closing the document cancels
    /// its diagnostics, the CPU goes idle (waited for as a condition), and `exit` ends the process
    /// (over a WebSocket: the session). A method is covered the day it is declared. The time bounds
    /// (p99 of the cheap request, cancel and exit latency) are `fonsters-bench neighbours`' to print.
    /// One of the end-to-end suites, so it runs one case at a time with the others (each blocks a
    /// thread while it waits for its server).
    @Suite(.tags(.slow), .notInQuickTier) struct HeavyNeighbourTests {
        static let context = ServerContext(location: .memory, options: StoreOptions())
        static let declarations = MethodTable.declarations(context)
        static let notifications = MethodTable.notificationDeclarations(context)
        /// Every method but `shutdown`, after which the server answers nothing by design, and every
        /// notification.
        static let neighbours = declarations.map(\.name).filter { $0 != "shutdown" } + notifications.map(\.name)
        /// One method of each kind of work a session holds, run over a WebSocket too: the transport
        /// is the same for every method of a kind (a WebSocket session schedules what stdio does),
        /// so the other methods over it would prove nothing more and cost minutes. Drawing on the
        /// compute pool, a long search with progress, a big store write, a store read of the whole
        /// library, a language request and a language notification on the largest document.
        static let overWebSocket = ["creature/animate", "creature/search", "library/import", "fonsters/list",
                                    "textDocument/hover", "textDocument/didChange"]

        /// The errors a heaviest request may get: cancelled, or what the other one left (deleted,
        /// nothing more to undo, nothing to redo). Any other is a heaviest that does no work.
        static let allowed: Set<Int> = [-32800, 1001, 1006, 1007]
        /// What a heaviest notification may be refused for (logged): what the other one left (the
        /// document closed). Any other is a heaviest that does no work.
        static let allowedLog = "that document is not open"

        @Test func theWebSocketSampleNamesDeclaredMethods() {
            for name in Self.overWebSocket { #expect(Self.neighbours.contains(name), "\(name) is no longer declared") }
        }

        @Test func everyMethodsHeaviestParamsAreRead() {
            for declaration in Self.declarations {
                #expect(declaration.heaviest.object != nil, "\(declaration.name): heaviest params are not an object")
                if let refusal = declaration.refusal(of: declaration.heaviest) {
                    Issue.record("\(declaration.name) refuses its own heaviest params: \(refusal.message)")
                }
                if !declaration.params.isEmpty && declaration.name != "library/export" {
                    #expect(declaration.heaviest.object?.isEmpty == false, "\(declaration.name) declares params but its heaviest gives none")
                }
            }
            for declaration in Self.notifications {
                // A notification without params (`initialized`) has `{}` as its heaviest.
                #expect(declaration.heaviest.object.map { !$0.isEmpty || declaration.params.isEmpty } == true,
                        "\(declaration.name): heaviest params are not an object of params")
                if let refusal = declaration.refusal(of: declaration.heaviest) {
                    Issue.record("\(declaration.name) refuses its own heaviest params: \(refusal.message)")
                }
            }
        }

        @Test(arguments: neighbours)
        func twoAtOnceOverStdio(method: String) throws {
            let server = try RPCProcess(["--stdio", "--memory", "--no-starter", "--log-level", "warn"], framing: .newlineDelimited)
            let wire = Wire(send: { server.send(body: Array($0.utf8)) },
                            next: { timeout in try server.nextBody(timeout: timeout).map { try JSONValue(parsing: $0) } },
                            pid: server.pid)
            try runNeighbours(method, over: wire)
            wire.send(#"{"jsonrpc":"2.0","method":"exit"}"#)
            // 1: an exit without shutdown (LSP); a death by a signal would be 128 and more.
            #expect(server.waitForExit() == 1, "\(method): exit did not end the process as it should")
        }

        @Test(arguments: overWebSocket)
        func twoAtOnceOverWebSocket(method: String) throws {
            let server = try WebServerProcess()
            let socket = try WebSocketClient(port: server.port, cookie: server.cookie)
            let wire = Wire(send: { try? socket.sendText($0) },
                            next: { timeout in try socket.receiveText(timeout: timeout).map { try JSONValue(parsing: $0) } },
                            pid: server.pid)
            try runNeighbours(method, over: wire)
            wire.send(#"{"jsonrpc":"2.0","method":"exit"}"#)
            // `exit` ends this tab's session; the server goes on serving other tabs.
            while try socket.receiveText() != nil {}
            #expect(socket.closed, "\(method): exit did not end the WebSocket session")
            let other = try WebSocketClient(port: server.port, cookie: server.cookie)
            try other.sendText(#"{"jsonrpc":"2.0","id":1,"method":"creature/describe","params":{"seed":"after"}}"#)
            #expect(try other.receiveText()?.contains(#""result""#) == true, "\(method): the server stopped serving")
        }

        /// One end of a session: send a message, take the next one.
        struct Wire {
            let send: (String) -> Void
            let next: (TimeInterval) throws -> JSONValue?
            let pid: Int32
        }

        /// The library (and the document) the heaviest params refer to, two heaviest requests or
        /// notifications of `method`, a cheap request beside them, their cancellation, and the CPU
        /// going idle.
        private func runNeighbours(_ method: String, over wire: Wire) throws {
            let declaration = Self.declarations.first { $0.name == method }
            let isNotification = declaration == nil
            let heaviest = try #require(declaration?.heaviest ?? Self.notifications.first { $0.name == method }?.heaviest)
            var answers: [String: JSONValue] = [:], logged: [String] = [], published: Set<String> = []
            func request(_ id: String, _ method: String, _ params: JSONValue) {
                let message: JSONValue = ["jsonrpc": "2.0", "id": .string(id), "method": .string(method), "params": params]
                wire.send(message.serializedString())
            }
            func notify(_ method: String, _ params: JSONValue) {
                wire.send((["jsonrpc": "2.0", "method": .string(method), "params": params] as JSONValue).serializedString())
            }
            /// Reads until `done` (keeping answers, errors logged and the documents whose first
            /// diagnostics were published); false after the backstop (`Patience.backstop`).
            func read(until done: () -> Bool) throws -> Bool {
                let deadline = Patience.deadline
                while !done(), deadline.timeIntervalSinceNow > 0 {
                    guard let message = try wire.next(deadline.timeIntervalSinceNow) else { break }
                    if let key = message["id"]?.string { answers[key] = message }
                    let params = message["params"]
                    switch message["method"]?.string {
                    case "window/logMessage" where params?["type"]?.int == 1: logged.append(params?["message"]?.string ?? "")
                    case "textDocument/publishDiagnostics" where params?["version"] == 1:
                        published.insert(params?["uri"]?.string ?? "")
                    default: break
                    }
                }
                return done()
            }
            /// Reads until `id` is answered; nil after the backstop.
            func answer(_ id: String) throws -> JSONValue? {
                _ = try read { answers[id] != nil }
                return answers[id]
            }
            for (n, step) in HeavyParams.setup.enumerated() {
                request("setup \(n)", step.method, step.params)
                let setUp = try #require(try answer("setup \(n)"), "\(method): setup \(step.method) unanswered")
                try #require(setUp["result"] != nil, "\(method): setup \(step.method) failed: \(setUp)")
            }
            // The documents, for what refers to them: open and their diagnostics published (so the
            // heaviest meet them as an editor keeps them), a condition waited for generously (20,000
            // lines drawn by a debug build on a loaded machine: the backstop).
            let uris = [HeavyParams.documentURI, HeavyParams.importURI], text = heaviest.serializedString()
            let usesDocument = isNotification || uris.contains { text.contains($0) }
            if usesDocument {
                for open in HeavyParams.openDocuments { notify(open.method, open.params) }
                try #require(try read { published.isSuperset(of: uris) }, "\(method): the documents' diagnostics were not published")
            }
            if isNotification {
                notify(method, heaviest)
                notify(method, heaviest)
            } else {
                request("heavy 1", method, heaviest)
                request("heavy 2", method, heaviest)
            }
            request("cheap", "creature/describe", ["seed": "a cheap neighbour"])
            // Answered while the heaviest still run (they are cancelled only after it); how soon is
            // `fonsters-bench neighbours`' figure to print, not a test's to assert.
            let cheap = try answer("cheap")
            #expect(cheap?["result"] != nil, "\(method): the cheap request beside two heaviest got \(String(describing: cheap))")
            if !isNotification {
                for id in ["heavy 1", "heavy 2"] {
                    wire.send(#"{"jsonrpc":"2.0","method":"$/cancelRequest","params":{"id":"\#(id)"}}"#)
                }
                for id in ["heavy 1", "heavy 2"] {
                    let heavy = try #require(try answer(id), "\(method): \(id) was not answered after its cancel")
                    if let code = heavy["error"]?["code"]?.int, !Self.allowed.contains(code) {
                        Issue.record("\(method): \(id) was refused: \(heavy["error"]!)")
                    }
                }
            }
            // Closing the document cancels its diagnostics under way; the answer to a request sent
            // after it means every message before it was handled (and any refusal logged).
            if usesDocument {
                for uri in uris { notify("textDocument/didClose", ["textDocument": ["uri": .string(uri)]]) }
            }
            request("after", "creature/describe", ["seed": "after the neighbours"])
            #expect(try answer("after")?["result"] != nil, "\(method): the request after the cancels was not answered")
            for message in logged where !message.contains(Self.allowedLog) {
                Issue.record("\(method): a heaviest notification was refused: \(message)")
            }
            #expect(ProcessStats.waitForIdleCPU(pid: wire.pid), "\(method): the CPU did not go idle after the cancels")
        }
    }
}
