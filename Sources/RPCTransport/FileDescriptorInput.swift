import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads a file descriptor with `read(2)` on a dedicated thread and feeds an `InboundPipe`.
/// Stops at end of input, on a read error (logged), when the decoder gives up, or when the
/// consumer stops listening. The descriptor is not closed (it may be standard input).
enum FileDescriptorInput {
    /// The read buffer size.
    static let chunkSize = ServerLimits.readChunkBytes

    /// Starts the reader thread.
    static func start(fd: Int32, pipe: InboundPipe, log: TransportLog) {
        let thread = Thread {
            let buffer = UnsafeMutablePointer<UInt8>.allocate(capacity: chunkSize)
            defer { buffer.deallocate() }
            while true {
                // A chunk is granted by the memory budget before it is read: while the server
                // holds all it may, this client is slowed (nothing more is read from it).
                if let account = pipe.account, !account.reserve(chunkSize, for: .input) { break }
                let n = read(fd, buffer, chunkSize)
                pipe.account?.release(chunkSize, for: .input)
                if n > 0 {
                    if !pipe.receive(UnsafeBufferPointer(start: buffer, count: n)) { break }
                } else if n == 0 {
                    break
                } else {
                    let error = errno
                    if error == EINTR { continue }
                    if error == EAGAIN || error == EWOULDBLOCK {
                        var pfd = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
                        _ = poll(&pfd, 1, -1)
                        continue
                    }
                    log("read failed (errno \(error)); treating as end of input")
                    break
                }
            }
            pipe.end()
        }
        thread.name = "rpc-reader"
        thread.start()
    }
}
