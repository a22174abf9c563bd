import Foundation
import Testing
import TestSupport
@testable import RPCTransport
#if canImport(Glibc)
import Glibc
#endif

/// Small requests through the whole stack: pipe → reader thread → decoder → parser →
/// dispatcher → handler Task → serializer → writer thread → pipe.
@Suite(.serialized, .hangBackstop, .tags(.slow), .notInQuickTier) struct ThroughputTests {
    private static func measure(framing: Framing, mode: RPCServer.Mode, count: Int) async throws -> Double {
        var input: [Int32] = [0, 0]
        var output: [Int32] = [0, 0]
        precondition(pipe(&input) == 0 && pipe(&output) == 0)
        let connection = Connection.fileDescriptors(input: input[0], output: output[1], closeOutput: true, log: .silent)
        let server = RPCServer(mode: mode, log: .silent)
        server.register(method: "fonsters/describe") { params, _ in
            ["seed": params["seed"] ?? .null, "name": "Glorbo", "size": 32]
        }
        var payload: [UInt8] = []
        for i in 0..<count {
            let body = JSONValue.object(["jsonrpc": "2.0", "id": .number(i), "method": "fonsters/describe",
                                         "params": ["seed": .string("seed-\(i)")]]).serialized()
            payload += framing.frame(body)
        }
        let bytes = payload
        let toServer = input[1]
        let fromServer = output[0]
        let start = Date()
        let writer = Thread {
            bytes.withUnsafeBytes { buffer in
                var offset = 0
                while offset < buffer.count {
                    let n = write(toServer, buffer.baseAddress! + offset, buffer.count - offset)
                    if n <= 0 { break }
                    offset += n
                }
            }
            close(toServer)
        }
        writer.start()
        async let exitStatus = server.run(on: connection)
        let received = await withCheckedContinuation { (continuation: CheckedContinuation<[UInt8], Never>) in
            Thread {
                var all: [UInt8] = []
                var buffer = [UInt8](repeating: 0, count: 1 << 16)
                while true {
                    let n = buffer.withUnsafeMutableBytes { read(fromServer, $0.baseAddress!, $0.count) }
                    if n <= 0 { break }
                    all += buffer[..<n]
                }
                close(fromServer)
                continuation.resume(returning: all)
            }.start()
        }
        let exit = await exitStatus
        let elapsed = Date().timeIntervalSince(start)
        close(input[0])
        #expect(exit.reason == .endOfInput)
        var decoder = FrameDecoder(framing: framing)
        let responses = decoder.feed(received)
        #expect(responses.count == count)
        if case .message(let last)? = responses.last {
            #expect(try JSONValue(parsing: last)["result"]?["name"] == "Glorbo")
        }
        return Double(count) / elapsed
    }

    @Test(arguments: [(Framing.contentLength, RPCServer.Mode.concurrent), (.newlineDelimited, .sequential)])
    func smallRequestsPerSecond(framing: Framing, mode: RPCServer.Mode) async throws {
        let rate = try await Self.measure(framing: framing, mode: mode, count: 20_000)
        // The figure only: the budget (> 20,000 small requests/s) is the benchmarks' to check
        // (`fonsters-bench rpc`); a test must not fail because the machine is busy.
        print("throughput \(framing) \(mode): \(Int(rate)) requests/s")
    }
}
