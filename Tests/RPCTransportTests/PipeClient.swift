import Foundation
import TestSupport
@testable import RPCTransport
#if canImport(Glibc)
import Glibc
#endif

/// A client reading its end of a pipe to the end (then closing it) on a thread of its own: a
/// blocking read on one of the two cooperative threads starves the tests running beside it (two
/// CI runs hung so).
final class PipeClient: Sendable {
    private let received = Locked<[UInt8]?>(nil)

    /// Starts reading `fd`.
    init(reading fd: Int32) {
        let received = self.received
        Thread {
            var all: [UInt8] = []
            var buffer = [UInt8](repeating: 0, count: 1 << 16)
            while true {
                let n = buffer.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
                if n <= 0 { break }
                all += buffer[..<n]
            }
            _ = Glibc.close(fd)
            received.withLock { $0 = all }
        }.start()
    }

    /// Every byte read, once the other end is closed (waited for).
    func all() async throws -> [UInt8] {
        try await waitUntil("the client to read to the end") { received.current != nil }
        return received.current ?? []
    }
}
