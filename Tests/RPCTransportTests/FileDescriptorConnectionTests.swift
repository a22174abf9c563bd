import Foundation
import Testing
import TestSupport
@testable import RPCTransport
#if canImport(Glibc)
import Glibc
#endif

/// A server on real pipes: the test writes raw bytes to its stdin and reads its stdout raw.
private struct PipeHarness {
    let toServer: Int32
    let fromServer: Int32
    let connection: Connection

    init(log: TransportLog = .silent) {
        var input: [Int32] = [0, 0]
        var output: [Int32] = [0, 0]
        precondition(pipe(&input) == 0 && pipe(&output) == 0)
        toServer = input[1]
        fromServer = output[0]
        connection = .fileDescriptors(input: input[0], output: output[1], closeOutput: true, log: log)
        inputReadEnd = input[0]
    }

    private let inputReadEnd: Int32

    /// Writes `text` to the server's input, then closes it if asked.
    func write(_ text: String, close: Bool = true) {
        let bytes = Array(text.utf8)
        var offset = 0
        while offset < bytes.count {
            let n = bytes[offset...].withUnsafeBytes { Glibc.write(toServer, $0.baseAddress!, $0.count) }
            precondition(n > 0)
            offset += n
        }
        if close { closeInput() }
    }

    func closeInput() { _ = Glibc.close(toServer) }

    /// Reads the server's output until it closes, on a thread of its own.
    func readAll() async -> [UInt8] {
        let fd = fromServer
        return await withCheckedContinuation { continuation in
            let thread = Thread {
                var all: [UInt8] = []
                var buffer = [UInt8](repeating: 0, count: 65536)
                while true {
                    let n = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress!, $0.count) }
                    if n <= 0 { break }
                    all += buffer[..<n]
                }
                _ = Glibc.close(fd)
                continuation.resume(returning: all)
            }
            thread.start()
        }
    }

    /// Releases the server's input read end (the reader thread does not close it).
    func cleanUp() { _ = Glibc.close(inputReadEnd) }
}

private func echoServer(_ mode: RPCServer.Mode = .concurrent) -> RPCServer {
    let server = RPCServer(mode: mode, log: .silent)
    server.register(method: "echo") { params, _ in params }
    return server
}

@Suite(.hangBackstop) struct FileDescriptorConnectionTests {
    @Test func contentLengthOverPipes() async throws {
        let harness = PipeHarness()
        defer { harness.cleanUp() }
        let server = echoServer()
        async let exit = server.run(on: harness.connection)
        async let output = harness.readAll()
        let bodies = [
            #"{"jsonrpc":"2.0","id":1,"method":"echo","params":["é"]}"#,
            #"{"jsonrpc":"2.0","id":2,"method":"shutdown"}"#,
            #"{"jsonrpc":"2.0","method":"exit"}"#,
        ]
        harness.write(bodies.map { "Content-Length: \($0.utf8.count)\r\n\r\n\($0)" }.joined(), close: false)
        #expect(await exit == ServerExit(reason: .exitNotification, shutdownRequested: true))
        harness.closeInput()
        let text = String(decoding: await output, as: UTF8.self)
        let first = #"{"jsonrpc":"2.0","id":1,"result":["é"]}"#
        let second = #"{"jsonrpc":"2.0","id":2,"result":null}"#
        let answers = ["Content-Length: \(first.utf8.count)\r\n\r\n\(first)", "Content-Length: \(second.utf8.count)\r\n\r\n\(second)"]
        #expect(text == answers.joined() || text == answers.reversed().joined())
    }

    @Test func newlineDelimitedOverPipesInOrder() async throws {
        let harness = PipeHarness()
        defer { harness.cleanUp() }
        let server = echoServer(.sequential)
        async let exit = server.run(on: harness.connection)
        async let output = harness.readAll()
        var input = "\n"
        for i in 0..<200 { input += #"{"jsonrpc":"2.0","id":\#(i),"method":"echo","params":[\#(i)]}"# + "\n" }
        input += "{not json}\n"
        harness.write(input)
        #expect(await exit == ServerExit(reason: .endOfInput, shutdownRequested: false))
        let lines = String(decoding: await output, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.count == 202)
        #expect(lines.last == "")
        for i in 0..<200 { #expect(lines[i] == #"{"jsonrpc":"2.0","id":\#(i),"result":[\#(i)]}"#) }
        #expect(try JSONValue(parsing: String(lines[200]))["error"]?["code"] == -32700)
    }

    @Test func shortBodyAtEndOfInputIsLoggedAndStopsCleanly() async throws {
        let logged = Locked([String]())
        let harness = PipeHarness(log: TransportLog { line in logged.withLock { $0.append(line) } })
        defer { harness.cleanUp() }
        async let exit = echoServer().run(on: harness.connection)
        async let output = harness.readAll()
        harness.write("Content-Length: 2\r\n\r\n[]Content-Length: 100\r\n\r\n{\"jsonrpc\"")
        #expect(await exit == ServerExit(reason: .endOfInput, shutdownRequested: false))
        let answer = try JSONValue(parsing: Array(String(decoding: await output, as: UTF8.self).split(separator: "\r\n\r\n")[1].utf8))
        #expect(answer["error"]?["message"] == "A batch must hold at least one request; this one is empty.")
        #expect(logged.current == ["end of input in the middle of a message body (10 of 100 bytes)"])
    }

    @Test func aBrokenOutputPipeEndsTheServer() async throws {
        let logged = Locked([String]())
        let harness = PipeHarness(log: TransportLog { line in logged.withLock { $0.append(line) } })
        defer { harness.cleanUp() }
        _ = Glibc.close(harness.fromServer) // the client stops reading: writes get EPIPE, not SIGPIPE
        async let exit = echoServer().run(on: harness.connection)
        var input = ""
        for i in 0..<50 { input += #"{"jsonrpc":"2.0","id":\#(i),"method":"echo","params":[\#(i)]}"# + "\n" }
        harness.write(input)
        // A closed output ends the server as end of input does (exit code 0), without waiting for it.
        let ended = await exit
        #expect(ended.reason == .outputClosed && ended.exitCode == 0)
        #expect(logged.current.contains { $0.contains("EPIPE") })
    }

    @Test func waitingForRoomReturnsOnlyOnceTheReaderDrains() async throws {
        var fds: [Int32] = [0, 0]
        #expect(pipe(&fds) == 0)
        defer { _ = Glibc.close(fds[0]) }
        let output = FileDescriptorOutput(fd: fds[1], closeDescriptor: true, log: .silent)
        output.write([UInt8](repeating: 7, count: 1 << 20))  // far more than a pipe holds
        // What is still queued when the wait returns: a wait that returned before the reader
        // drained finds about a megabyte there.
        let queuedAtReturn = Locked(Int.max)
        let asked = Gate()
        let waiter = Task {
            await asked.open()
            await output.waitForRoom(limit: 64 << 10)
            queuedAtReturn.withLock { $0 = output.pendingBytes }
        }
        await asked.wait()
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        var total = 0
        while total < 1 << 20 {
            let n = buffer.withUnsafeMutableBytes { Glibc.read(fds[0], $0.baseAddress, $0.count) }
            if n <= 0 { break }
            total += n
        }
        await waiter.value
        #expect(queuedAtReturn.current <= 64 << 10, "the output reported room while \(queuedAtReturn.current) bytes were queued")
        #expect(total == 1 << 20)
        await output.close()
    }

    /// Chunks written to a pipe from many threads at once, small ones (written by their caller
    /// when the pipe has room) and large ones (queued for the writer thread) mixed, arrive whole
    /// and, per thread, in order; `flush` returns only once all have left.
    @Test func chunksFromManyThreadsArriveWholeAndInOrder() async throws {
        var fds: [Int32] = [0, 0]
        #expect(pipe(&fds) == 0)
        let output = FileDescriptorOutput(fd: fds[1], closeDescriptor: true, log: .silent)
        let readEnd = fds[0]
        let client = PipeClient(reading: readEnd)
        let writers = 4, chunks = 300
        DispatchQueue.concurrentPerform(iterations: writers) { writer in
            for n in 0..<chunks {
                // [writer, n low, n high, length low, length high, fill…]: 8 bytes to 20 KB.
                let length = n % 50 == 0 ? 20_000 : 8 + (n * 37) % 3_000
                var chunk = [UInt8](repeating: UInt8(writer), count: length)
                chunk[1] = UInt8(n & 255); chunk[2] = UInt8(n >> 8)
                chunk[3] = UInt8(length & 255); chunk[4] = UInt8(length >> 8)
                output.write(chunk)
            }
        }
        await output.flush()
        #expect(output.pendingBytes == 0)
        await output.close()
        let all = try await client.all()
        var next = [Int](repeating: 0, count: writers)
        var offset = 0
        while offset + 5 <= all.count {
            let writer = Int(all[offset]), n = Int(all[offset + 1]) | Int(all[offset + 2]) << 8
            let length = Int(all[offset + 3]) | Int(all[offset + 4]) << 8
            guard writer < writers, n == next[writer], offset + length <= all.count,
                  all[(offset + 5)..<(offset + length)].allSatisfy({ $0 == UInt8(writer) }) else {
                Issue.record("chunk at \(offset) is torn or out of order (writer \(writer), number \(n))")
                return
            }
            next[writer] += 1
            offset += length
        }
        #expect(offset == all.count)
        #expect(next == [Int](repeating: chunks, count: writers))
    }
}
