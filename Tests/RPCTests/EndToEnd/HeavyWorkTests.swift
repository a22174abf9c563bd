import Foundation
import Testing
import TestSupport
import RPC

extension EndToEnd {
    /// Heavy work and greedy clients never stop the server: with 10,000-character 2,048-pixel
    /// animations running, a cheap request, a cancel and `exit` are answered while they still
    /// run; a client that stops reading never grows the server past its memory bound.
    /// (Latency figures are the benchmark's: `fonsters-bench rpc`, "heavy neighbour".)
    @Suite(.tags(.slow), .notInQuickTier) struct HeavyWork {
        /// 10,000 characters, every prefix a different creature.
        static let longSeed: String = {
            let words = ["moss", "ember", "tide", "quill", "fern", "opal", "lark", "dune", "wisp", "brook"]
            var text = ""
            var n = 0
            while text.count < 10_000 {
                text += words[n % words.count] + (n % 7 == 0 ? ". " : " ")
                n += 1
            }
            return String(text.prefix(10_000))
        }()

        @Test(arguments: [2, 4])
        func cheapRequestsCancelAndExitAnswerWhileAnimationsRun(_ animations: Int) throws {
            let server = try ServerProcess()
            var ids: [JSONValue] = []
            for k in 0..<animations {
                ids.append(server.sendRequest("creature/animate", [
                    "seed": .string(Self.longSeed), "size": 2048, "workDoneToken": .string("animation \(k)")]))
            }
            let began = try server.notification("$/progress") { $0["params"]?["value"]?["kind"] == "begin" }
            #expect(began != nil, "no animation began")

            // A cheap request is answered while every animation still runs (each is answered
            // -32800 by `exit` below, so none had finished).
            for n in 0..<5 {
                let describe = try server.call("creature/describe", ["seed": .string("light \(n)")])
                #expect(describe["result"]?["seed"] == .string("light \(n)"))
            }

            // A cancel is answered at once, and the cancelled work's progress ends.
            let first = try #require(began?["params"]?["token"]?.string)
            let cancelledID = ids[Int(first.split(separator: " ").last!)!]
            server.notify("$/cancelRequest", ["id": cancelledID])
            #expect(try server.response(to: cancelledID)["error"]?["code"] == -32800)
            let ended = try server.notification("$/progress") {
                $0["params"]?["token"]?.string == first && $0["params"]?["value"]?["kind"] == "end"
            }
            #expect(ended != nil, "the cancelled animation's progress did not end")

            // `exit` (without shutdown) ends the process while the others run: each is cancelled.
            server.notify("exit")
            #expect(server.process.waitForExit() == 1)
            for id in ids where id != cancelledID {
                #expect(try server.response(to: id)["error"]?["code"] == -32800, "animation \(id)")
            }
        }

        @Test func aSmallRenderTakesTurnsWithAHeavyOne() throws {
            let server = try ServerProcess()
            let heavy = server.sendRequest("creature/frames", ["seed": .string(Self.longSeed), "size": 2048, "format": "jpeg", "count": 400])
            _ = try server.call("creature/describe", ["seed": "warm up"])
            for n in 0..<5 {
                let render = try server.call("creature/render", ["seed": .string("small \(n)"), "size": 64])
                #expect(render["result"]?["width"] == 64)
            }
            server.notify("$/cancelRequest", ["id": heavy])
            #expect(try server.response(to: heavy)["error"]?["code"] == -32800)
            #expect(try server.shutdownAndExit() == 0)
        }

        @Test func framesThatCannotFitAreRefusedBeforeAnyWork() throws {
            let server = try ServerProcess()
            let started = server.process.cpuTicks ?? 0
            let error = try server.error("creature/frames", ["seed": .string(Self.longSeed), "size": 2048, "format": "jpeg"])
            #expect(error["code"] == -32001)
            #expect(error["data"]?["field"] == "count")
            #expect((error["data"]?["fit"]?.int ?? 0) > 0)
            // Refused on arrival: a tenth of a second of CPU at most, where drawing would take minutes.
            #expect((server.process.cpuTicks ?? 0) - started < 10)
            #expect(try server.shutdownAndExit() == 0)
        }

        /// A list whose thumbnails pass the response limit stops at the limit, as frames do,
        /// instead of drawing every thumbnail first.
        @Test func aListWithThumbnailsStopsAtTheLimit() throws {
            let server = try ServerProcess(ServerProcess.memoryArguments + ["--max-response-bytes", "300000"])
            for n in 0..<40 { _ = try server.result("fonsters/create", ["seed": .string("thumbnail \(n)")]) }
            let error = try server.error("fonsters/list", ["thumbnails": ["size": 2048, "format": "jpeg"]])
            #expect(error["code"] == -32001)
            #expect(error["data"]?["field"] == "count")
            let fit = try #require(error["data"]?["fit"]?.int)
            #expect(fit >= 1 && fit < 10, "stopped after \(fit) of 40")
            #expect(try server.result("fonsters/list", ["thumbnails": ["size": 64]])["fonsters"]?.array?.count == 40)
            #expect(try server.shutdownAndExit() == 0)
        }

        // MARK: - Clients that do not read

        /// Pipelines `requests` without reading, waits until the server stops working, checks its
        /// peak memory, then reads everything and checks every request was answered.
        private func unreadClient(_ requests: [JSONValue], label: String, arguments: [String] = ServerProcess.memoryArguments) throws {
            let (process, input, output) = try ServerProcess.bare(arguments)
            defer { if process.isRunning { process.terminate() } }
            var bytes: [UInt8] = []
            for request in requests { bytes += request.serialized() + [0x0A] }
            let data = Data(bytes)
            let writer = Thread { input.fileHandleForWriting.write(data) }
            writer.start()

            // Working until the output bound stops it: wait until its CPU time stands still.
            let pid = process.processIdentifier
            #expect(ProcessStats.waitForIdleCPU(pid: pid), "\(label): the server did not stop working at its output bound")
            let peak = ProcessStats.peakRSSKilobytes(pid: pid) ?? 0
            #expect(peak > 0 && peak < 128 * 1024, "\(label): peak RSS \(peak / 1024) MB")

            // Draining: every request is answered. Each line is one response,
            // `{"jsonrpc":"2.0","id":N,"result"…` or `…"error"…`: its head says which (parsing
            // 100 MB of JSON, or appending it byte by byte, in a debug build would take minutes).
            var answered = 0, failed = 0
            var head: [UInt8] = []
            let reader = output.fileHandleForReading
            while answered < requests.count {  // availableData waits for bytes; empty at end of output
                let chunk = reader.availableData
                if chunk.isEmpty { break }
                chunk.withUnsafeBytes { (buffer: UnsafeRawBufferPointer) in
                    var offset = 0
                    while offset < buffer.count {
                        let rest = buffer.count - offset
                        let found = memchr(buffer.baseAddress! + offset, 0x0A, rest)
                        let end = found.map { buffer.baseAddress!.distance(to: UnsafeRawPointer($0)) } ?? buffer.count
                        if head.count < 48 {
                            head.append(contentsOf: buffer[offset..<min(end, offset + 48 - head.count)])
                        }
                        guard found != nil else { break }
                        let text = String(decoding: head, as: UTF8.self)
                        if text.contains("\"id\":") { answered += 1 }
                        if text.contains("\"error\"") { failed += 1 }
                        head.removeAll(keepingCapacity: true)
                        offset = end + 1
                    }
                }
            }
            #expect(answered == requests.count, "\(label): \(answered) of \(requests.count) answered")
            #expect(failed == 0, "\(label): \(failed) errors")
            try input.fileHandleForWriting.close()
            try waitUntil("the writer thread to finish") { writer.isFinished }
        }

        private static func request(_ n: Int, _ method: String, _ params: JSONValue) -> JSONValue {
            ["jsonrpc": "2.0", "id": .int(Int64(n)), "method": .string(method), "params": params]
        }

        @Test func unreadTapAnimationsStayWithinTheMemoryBound() throws {
            // 700 answers of 170 KB: 119 MB, which all came into memory at once before the bound.
            let requests = (1...700).map { Self.request($0, "creature/tapAnimation", ["seed": .string("tap \($0)"), "samples": 1000]) }
            try unreadClient(requests, label: "tapAnimation × 700")
        }
    }
}
