import Foundation
import Testing
import TestSupport
@testable import RPCTransport
#if canImport(Glibc)
import Glibc
#endif

/// Answers ready together share one `write(2)`: while the session holds the output, chunks are
/// joined in order and reach the pipe only on `release()` (or once `joinLimit` bytes wait).
@Suite struct JoinedWriteTests {
    /// A pipe and an output writing into it; the test reads the other end.
    struct Pipe {
        let readEnd: Int32
        let output: FileDescriptorOutput

        init() {
            var fds: [Int32] = [0, 0]
            precondition(pipe(&fds) == 0)
            readEnd = fds[0]
            output = FileDescriptorOutput(fd: fds[1], closeDescriptor: true, log: .silent)
        }

        /// The bytes in the pipe, not yet read.
        var unread: Int {
            var count: Int32 = 0
            return ioctl(readEnd, UInt(FIONREAD), &count) == 0 ? Int(count) : -1
        }

        /// Reads exactly `count` bytes.
        func read(_ count: Int) -> [UInt8] {
            var bytes = [UInt8](repeating: 0, count: count)
            var offset = 0
            while offset < count {
                let n = bytes.withUnsafeMutableBytes { Glibc.read(readEnd, $0.baseAddress! + offset, count - offset) }
                if n <= 0 { break }
                offset += n
            }
            return Array(bytes.prefix(offset))
        }

        func close() async {
            await output.close()
            _ = Glibc.close(readEnd)
        }
    }

    @Test func heldChunksReachThePipeTogetherAndInOrderOnRelease() async {
        let pipe = Pipe()
        pipe.output.hold()
        for word in ["one\n", "two\n", "three\n"] { pipe.output.write(Array(word.utf8)) }
        #expect(pipe.unread == 0, "nothing is written while held")
        pipe.output.release()
        await pipe.output.flush()
        #expect(pipe.unread == 14)
        #expect(String(decoding: pipe.read(14), as: UTF8.self) == "one\ntwo\nthree\n")
        await pipe.close()
    }

    @Test func chunksPastTheJoinLimitAreWrittenWhileHeld() async {
        let pipe = Pipe()
        pipe.output.hold()
        let big = [UInt8](repeating: UInt8(ascii: "x"), count: FileDescriptorOutput.joinLimit)
        pipe.output.write([UInt8(ascii: "a")])
        pipe.output.write(big)  // the joined bytes pass the limit: out they go, held or not
        let expected = 1 + big.count
        let bytes = pipe.read(expected)
        #expect(bytes.count == expected && bytes.first == UInt8(ascii: "a"))
        pipe.output.write([UInt8(ascii: "b")])
        #expect(pipe.unread == 0, "what comes after is joined again")
        pipe.output.release()
        #expect(pipe.read(1) == [UInt8(ascii: "b")])
        await pipe.close()
    }

    @Test func aBigChunkWhileHeldGoesAfterWhatWasJoined() async {
        let pipe = Pipe()
        pipe.output.hold()
        pipe.output.write([UInt8(ascii: "a")])
        let big = [UInt8](repeating: UInt8(ascii: "x"), count: FileDescriptorOutput.joinLimit + 10)
        pipe.output.write(big)
        let bytes = pipe.read(1 + big.count)
        #expect(bytes.count == 1 + big.count && bytes.first == UInt8(ascii: "a") && bytes.dropFirst().allSatisfy { $0 == UInt8(ascii: "x") })
        pipe.output.release()
        await pipe.close()
    }

    /// Rounds of answers joined past the limit (each round's first joining too big for the
    /// pipe's room, so it goes through the writer thread; its last straight from `release`):
    /// every byte arrives once and in order, and the storage of a written joining is kept to
    /// join into again, not allocated again each time.
    @Test func theJoinedStorageIsReusedAndEveryByteArrivesInOrder() async throws {
        let pipe = Pipe()
        let chunk = 7_000, rounds = 60, perRound = 12
        let total = chunk * perRound * rounds
        // Read on a thread of its own: a blocked read must not hold one of the few cooperative
        // threads this test's awaits (and other suites) need.
        let read = Locked<[UInt8]?>(nil)
        let reader = Thread { read.withLock { $0 = pipe.read(total) } }
        reader.start()
        for round in 0..<rounds {
            pipe.output.hold()
            for n in 0..<perRound {
                pipe.output.write([UInt8](repeating: UInt8(truncatingIfNeeded: round * perRound + n), count: chunk))
            }
            pipe.output.release()
            await pipe.output.flush()
        }
        try await waitUntil("the reader has every byte") { read.withLock { $0 != nil } }
        let bytes = read.withLock { $0 } ?? []
        #expect(bytes.count == total)
        let inOrder = (0..<rounds * perRound).allSatisfy { k in
            bytes[(k * chunk)..<((k + 1) * chunk)].allSatisfy { $0 == UInt8(truncatingIfNeeded: k) }
        }
        #expect(inOrder, "each chunk whole and in its place")
        #expect(pipe.output.reusedBuffers >= rounds, "a written joining's storage is joined into again")
        await pipe.close()
    }

    @Test func withoutHoldEachChunkIsWrittenAtOnce() async {
        let pipe = Pipe()
        pipe.output.write(Array("now\n".utf8))
        #expect(pipe.read(4) == Array("now\n".utf8))
        await pipe.close()
    }

    @Test func closeWritesWhatIsHeld() async {
        let pipe = Pipe()
        pipe.output.hold()
        pipe.output.write(Array("last\n".utf8))
        await pipe.output.close()
        #expect(pipe.read(5) == Array("last\n".utf8))
        _ = Glibc.close(pipe.readEnd)
    }

    /// A writer never waits for a client that does not read: what the pipe does not take now
    /// goes to the writer thread. A pipe keeps its bytes in pages, so its unread bytes do not
    /// tell its room: after these chunks it said 12 KB were free and took 409 bytes, and a
    /// write that waited there held the session's loop until the client read (the process did
    /// not end at `exit`).
    @Test func aWriterNeverWaitsForAClientThatDoesNotRead() async throws {
        let pipe = Pipe()
        let sizes = [1_815] + Array(repeating: 8_601, count: 40)
        let returned = Locked(0)
        let writer = Thread {
            for (i, size) in sizes.enumerated() {
                pipe.output.write([UInt8](repeating: UInt8(i), count: size))
                returned.withLock { $0 += 1 }
            }
        }
        writer.start()
        // The client reads nothing until every write has returned.
        try await waitUntil("every write to return while the client reads nothing", backstop: 120) { returned.current == sizes.count }
        let read = pipe.read(sizes.reduce(0, +))
        let expected = sizes.enumerated().flatMap { [UInt8](repeating: UInt8($0.offset), count: $0.element) }
        #expect(read.count == expected.count)
        #expect(read == expected, "every byte arrives, in order")
        await pipe.close()
    }

    /// A chunk bigger than the pipe takes is written as far as it goes, and the rest waits in
    /// place (not copied) for the writer thread, which goes on from where it stopped: every
    /// byte arrives once and in order, with the chunks queued after it, and the budget's
    /// account ends at nothing held.
    @Test func aBigChunkPartlyWrittenGoesOnFromWhereItStopped() async throws {
        var fds: [Int32] = [0, 0]
        #expect(pipe(&fds) == 0)
        let budget = MemoryBudget(limit: 64 << 20)
        let account = budget.account("output")
        let output = FileDescriptorOutput(fd: fds[1], closeDescriptor: true, log: .silent, account: account)
        let readEnd = fds[0]
        let big = (0..<(3 << 20)).map { UInt8(truncatingIfNeeded: $0 % 251) }
        let chunks = [big, Array("small one\n".utf8), Array(big.reversed()), Array("small two\n".utf8)]
        for chunk in chunks { output.write(chunk) }
        #expect(output.pendingBytes > 0, "the pipe does not take 3 MB at once")
        let client = PipeClient(reading: readEnd)
        await output.flush()
        #expect(output.pendingBytes == 0)
        #expect(account.held(for: .output) == 0, "what was charged for the queued rest is released")
        await output.close()
        let all = try await client.all()
        #expect(all.count == chunks.reduce(0) { $0 + $1.count })
        #expect(all == chunks.flatMap { $0 }, "every byte once, in order")
    }
}
