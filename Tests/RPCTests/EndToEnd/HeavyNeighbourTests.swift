import Foundation
import Testing
import TestSupport
import FonsterStore
@testable import RPC

extension EndToEnd {
    /// Issue 27 item 2: every declared method is a heavy neighbour. Each declares its heaviest params
    /// (`RPCMethod.heaviest`); for each method, two of them run at once over stdio and over the
    /// `web` command's WebSocket, and meanwhile a cheap request is answered, `$/cancelRequest` answers
    /// -32800 and the CPU goes idle (waited for as a condition), and `exit` ends the process (over a
    /// WebSocket: the session). A method is covered the day it is declared. The time bounds (p99 of
    /// the cheap request, cancel and exit latency) are `fonsters-bench neighbours`' to print.
    /// One of the end-to-end suites, so it runs one case at a time with the others (each blocks a
    /// thread while it waits for its server).
    @Suite struct HeavyNeighbourTests {
        static let declarations = MethodTable.declarations(ServerContext(location: .memory, options: StoreOptions()))
        /// Every method but `shutdown`, after which the server answers nothing by design.
        static let neighbours = declarations.map(\.name).filter { $0 != "shutdown" }

        /// The errors a heaviest request may get: cancelled, or what the other one left (deleted,
        /// nothing more to undo, nothing to redo). Any other is a heaviest that does no work.
        static let allowed: Set<Int> = [-32800, 1001, 1006, 1007]

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
            #expect(server.waitForExit(timeout: 30) == 1, "\(method): exit did not end the process as it should")
        }

        @Test(arguments: neighbours)
        func twoAtOnceOverWebSocket(method: String) throws {
            let server = try WebServerProcess()
            let socket = try WebSocketClient(port: server.port, cookie: server.cookie)
            let wire = Wire(send: { try? socket.sendText($0) },
                            next: { timeout in try socket.receiveText(timeout: timeout).map { try JSONValue(parsing: $0) } },
                            pid: server.pid)
            try runNeighbours(method, over: wire)
            wire.send(#"{"jsonrpc":"2.0","method":"exit"}"#)
            // `exit` ends this tab's session; the server goes on serving other tabs.
            while try socket.receiveText(timeout: 30) != nil {}
            #expect(socket.closed, "\(method): exit did not end the WebSocket session")
            let other = try WebSocketClient(port: server.port, cookie: server.cookie)
            try other.sendText(#"{"jsonrpc":"2.0","id":1,"method":"creature/describe","params":{"seed":"after"}}"#)
            #expect(try other.receiveText(timeout: 30)?.contains(#""result""#) == true, "\(method): the server stopped serving")
        }

        /// One end of a session: send a message, take the next one.
        struct Wire {
            let send: (String) -> Void
            let next: (TimeInterval) throws -> JSONValue?
            let pid: Int32
        }

        /// The library the heaviest params refer to, two heaviest requests of `method`, a cheap
        /// request beside them, their cancellation, and the CPU going idle.
        private func runNeighbours(_ method: String, over wire: Wire) throws {
            let declaration = try #require(Self.declarations.first { $0.name == method })
            var answers: [String: JSONValue] = [:]
            func request(_ id: String, _ method: String, _ params: JSONValue) {
                let message: JSONValue = ["jsonrpc": "2.0", "id": .string(id), "method": .string(method), "params": params]
                wire.send(message.serializedString())
            }
            /// Reads until `id` is answered (keeping other answers); nil after `timeout` seconds.
            func answer(_ id: String, timeout: TimeInterval = 120) throws -> JSONValue? {
                let deadline = Date().addingTimeInterval(timeout)
                while answers[id] == nil, deadline.timeIntervalSinceNow > 0 {
                    guard let message = try wire.next(deadline.timeIntervalSinceNow) else { break }
                    if let key = message["id"]?.string { answers[key] = message }
                }
                return answers[id]
            }
            for (n, step) in HeavyParams.setup.enumerated() {
                request("setup \(n)", step.method, step.params)
                let setUp = try #require(try answer("setup \(n)"), "\(method): setup \(step.method) unanswered")
                try #require(setUp["result"] != nil, "\(method): setup \(step.method) failed: \(setUp)")
            }
            request("heavy 1", method, declaration.heaviest)
            request("heavy 2", method, declaration.heaviest)
            request("cheap", "creature/describe", ["seed": "a cheap neighbour"])
            // 30 s: far beyond what a cheap request takes on any machine, far below a search's minute.
            let cheap = try answer("cheap", timeout: 30)
            #expect(cheap?["result"] != nil, "\(method): the cheap request beside two heaviest got \(String(describing: cheap)) in 30 s")
            for id in ["heavy 1", "heavy 2"] {
                wire.send(#"{"jsonrpc":"2.0","method":"$/cancelRequest","params":{"id":"\#(id)"}}"#)
            }
            for id in ["heavy 1", "heavy 2"] {
                let heavy = try #require(try answer(id), "\(method): \(id) was not answered after its cancel")
                if let code = heavy["error"]?["code"]?.int, !Self.allowed.contains(code) {
                    Issue.record("\(method): \(id) was refused: \(heavy["error"]!)")
                }
            }
            #expect(ProcessStats.waitForIdleCPU(pid: wire.pid), "\(method): the CPU did not go idle after the cancels")
        }
    }
}
