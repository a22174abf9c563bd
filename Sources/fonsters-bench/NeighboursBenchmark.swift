import Foundation
import FonsterStore
import RPC

/// Every declared method and notification as a heavy neighbour (the benchmark half of `HeavyNeighbourTests`), on the release
/// server: for each, over stdio and over the `web` command's WebSocket, two of its heaviest params
/// (`RPCMethod.heaviest`, `RPCNotification.heaviest`) at once, then 100 one-at-a-time
/// `creature/describe` beside them (p50, p99; target p99 ≤ 50 ms), `$/cancelRequest` of both
/// requests and `didClose` of the document they refer to (until both requests are answered, and
/// until the CPU is idle; target ≤ 100 ms), and over stdio `exit` (until the process ends; target
/// ≤ 1 s). `NEIGHBOURS=name,name` picks them; `NEIGHBOURS_OVER=stdio|websocket` one transport.
enum NeighboursBenchmark {
    /// One end of a session (written from one thread while another reads).
    struct Wire: @unchecked Sendable {
        let send: (String) -> Void
        let receive: () -> [UInt8]
        let pid: Int32
    }

    static func run() {
        let bin = RPCBenchmark.binary()
        let environment = ProcessInfo.processInfo.environment
        let only = environment["NEIGHBOURS"].map { Set($0.split(separator: ",").map(String.init)) }
        let over = environment["NEIGHBOURS_OVER"]
        let context = ServerContext(location: .memory, options: StoreOptions())
        let declarations = MethodTable.declarations(context).filter { $0.name != "shutdown" }.map { Neighbour(name: $0.name, heaviest: $0.heaviest) }
            + MethodTable.notificationDeclarations(context).map { Neighbour(name: $0.name, heaviest: $0.heaviest, isNotification: true) }
        for declaration in declarations where only?.contains(declaration.name) ?? true {
            do {
                if over == nil || over == "stdio" { try stdio(bin, declaration) }
                if over == nil || over == "websocket" { try webSocket(bin, declaration) }
            } catch {
                print("neighbours \(declaration.name): \(error)")
            }
        }
    }

    /// A method or notification and its heaviest params.
    struct Neighbour {
        let name: String, heaviest: JSONValue
        var isNotification = false
    }

    static func stdio(_ bin: URL, _ declaration: Neighbour) throws {
        let child = try RPCBenchmark.Child(bin)
        let wire = Wire(send: child.send, receive: child.receive, pid: child.process.processIdentifier)
        let figures = measure(declaration, wire)
        let start = RPCBenchmark.now()
        child.send(#"{"jsonrpc":"2.0","method":"exit"}"#)
        // What the server still writes (notifications of the work it finished) is read, so it can end.
        let fd = child.outputFD
        Thread {
            var chunk = [UInt8](repeating: 0, count: 1 << 16)
            while chunk.withUnsafeMutableBytes({ read(fd, $0.baseAddress, 1 << 16) }) > 0 {}
        }.start()
        child.process.waitUntilExit()
        print(figures.line("stdio", declaration.name) + String(format: "; exit ended the process in %.1f ms (target ≤ 1,000)",
                                                                 RPCBenchmark.ms(RPCBenchmark.now() - start)))
    }

    static func webSocket(_ bin: URL, _ declaration: Neighbour) throws {
        let process = Process(), stdout = Pipe()
        process.executableURL = bin
        process.arguments = ["web", "--port", "0", "--memory", "--no-starter", "--log-level", "off"]
        process.standardOutput = stdout
        process.standardError = FileHandle.nullDevice
        try process.run()
        defer { process.terminate(); process.waitUntilExit() }
        var line: [UInt8] = [], byte: UInt8 = 0
        while read(stdout.fileHandleForReading.fileDescriptor, &byte, 1) == 1 && byte != 10 { line.append(byte) }
        let url = String(decoding: line, as: UTF8.self)
        guard let match = url.wholeMatch(of: /http:\/\/127\.0\.0\.1:(\d+)\/\?token=([0-9a-f]+)/), let port = Int(match.1) else {
            print("neighbours: unexpected first line '\(url)'")
            return
        }
        let client = try WebBenchmark.Client(port: port, token: String(match.2))
        print(measure(declaration, Wire(send: client.sendText, receive: client.receive, pid: process.processIdentifier)).line("websocket", declaration.name))
        client.close()
    }

    /// What one method's run measured, in milliseconds.
    struct Figures {
        var p50 = 0.0, p99 = 0.0, max = 0.0, cancel = 0.0, idle = 0.0
        var finishedFirst = 0
        /// How each heaviest request ended: `result` or `error CODE`.
        var outcomes: [String] = []

        func line(_ transport: String, _ method: String) -> String {
            String(format: "neighbours %@ %@: cheap describe p50 %.2f ms, p99 %.2f ms, max %.1f ms (target p99 ≤ 50); cancel answered in %.1f ms, "
                   + "CPU idle in %.0f ms (target ≤ 100)%@", transport, method, p50, p99, max, cancel, idle,
                   finishedFirst > 0 ? " (\(finishedFirst) of 2 finished before the cancel)" : "") + "; heaviest: " + outcomes.joined(separator: ", ")
        }
    }

    static func measure(_ declaration: Neighbour, _ wire: Wire) -> Figures {
        var answered: Set<String> = [], outcomes: [String: String] = [:]
        // One thread writes, in order, while this one reads: a client writing a 10 MB request
        // must go on reading, or a server that stops reading while its answers wait stalls both.
        let writer = DispatchQueue(label: "neighbours writer")
        func send(_ text: String) { writer.async { wire.send(text) } }
        func request(_ id: String, _ method: String, _ params: JSONValue) {
            send((["jsonrpc": "2.0", "id": .string(id), "method": .string(method), "params": params] as JSONValue).serializedString())
        }
        func notify(_ method: String, _ params: JSONValue) {
            send((["jsonrpc": "2.0", "method": .string(method), "params": params] as JSONValue).serializedString())
        }
        /// Reads until `id` is answered, noting the heavy answers that come meanwhile.
        func waitFor(_ id: String) {
            while !answered.contains(id) {
                let body = wire.receive()
                for heavy in ["heavy 1", "heavy 2", id] where body.starts(with: Array(#"{"jsonrpc":"2.0","id":"\#(heavy)""#.utf8)) {
                    answered.insert(heavy)
                    let head = String(decoding: body.prefix(200), as: UTF8.self)
                    let code = head.firstMatch(of: /"error":\{"code":(-?\d+)/).map { "error \($0.1)" }
                    outcomes[heavy] = code ?? "result"
                }
            }
        }
        for (n, step) in HeavyParams.setup.enumerated() {
            request("setup \(n)", step.method, step.params)
            waitFor("setup \(n)")
        }
        // The documents, for what refers to them: open, and their diagnostics published.
        let heaviest = declaration.heaviest.serializedString()
        let usesDocument = declaration.isNotification || [HeavyParams.documentURI, HeavyParams.importURI].contains { heaviest.contains($0) }
        if usesDocument {
            for open in HeavyParams.openDocuments {
                notify(open.method, open.params)
                let uri = open.params["textDocument"]?["uri"]?.string ?? ""
                let published = Array(#"{"jsonrpc":"2.0","method":"textDocument/publishDiagnostics","params":{"uri":"\#(uri)","version":1"#.utf8)
                while !wire.receive().starts(with: published) {}
            }
        }
        if declaration.isNotification {
            notify(declaration.name, declaration.heaviest)
            notify(declaration.name, declaration.heaviest)
        } else {
            request("heavy 1", declaration.name, declaration.heaviest)
            request("heavy 2", declaration.name, declaration.heaviest)
        }
        var figures = Figures(), times: [Double] = []
        for i in 0..<100 {
            let start = RPCBenchmark.now()
            request("cheap \(i)", "creature/describe", ["seed": .string("a cheap neighbour \(i)")])
            waitFor("cheap \(i)")
            times.append(RPCBenchmark.ms(RPCBenchmark.now() - start))
        }
        (figures.p50, figures.p99, figures.max) = (RPCBenchmark.percentile(times, 0.5), RPCBenchmark.percentile(times, 0.99), times.max()!)
        figures.finishedFirst = ["heavy 1", "heavy 2"].filter(answered.contains).count
        let start = RPCBenchmark.now()
        if usesDocument {
            for uri in [HeavyParams.documentURI, HeavyParams.importURI] { notify("textDocument/didClose", ["textDocument": ["uri": .string(uri)]]) }
        }
        if declaration.isNotification {
            figures.outcomes = ["notified", "notified"]
        } else {
            for id in ["heavy 1", "heavy 2"] { send(#"{"jsonrpc":"2.0","method":"$/cancelRequest","params":{"id":"\#(id)"}}"#) }
            waitFor("heavy 1")
            waitFor("heavy 2")
            figures.outcomes = ["heavy 1", "heavy 2"].map { outcomes[$0] ?? "?" }
        }
        figures.cancel = RPCBenchmark.ms(RPCBenchmark.now() - start)
        // Idle: the first moment after which the CPU time stays put for 200 ms (10 ms ticks).
        var last = RPCBenchmark.cpuTicks(wire.pid), lastChange = RPCBenchmark.now(), waited = 0
        while RPCBenchmark.now() - lastChange < 200_000_000 && waited < 3000 {
            usleep(5000)
            waited += 5
            let ticks = RPCBenchmark.cpuTicks(wire.pid)
            if ticks != last { (last, lastChange) = (ticks, RPCBenchmark.now()) }
        }
        figures.idle = max(0, RPCBenchmark.ms(lastChange - start))
        writer.sync {}
        return figures
    }
}
