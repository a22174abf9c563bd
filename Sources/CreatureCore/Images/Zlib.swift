import CZlib
import Foundation

/// Thin wrappers over the system zlib: CRC-32, deflate and inflate.
enum Zlib {
    /// The zlib stream of `input`, deflated at level 3: the measured sweet spot for upscaled
    /// pixel art (matches a row back catch the repeated image rows, so the median 256-px
    /// creature PNG stays under 400 bytes while 300 frames encode in a few ms). Compressors are
    /// reused across calls (setting one up allocates and clears some 200 KB), with a small hash
    /// table (memLevel 6): same sizes here, less to clear per image.
    static func deflate(_ input: UnsafeBufferPointer<UInt8>) throws -> [UInt8] {
        let stream = try Deflaters.shared.take()
        defer { Deflaters.shared.give(stream) }
        deflateReset(stream)
        let bound = Int(deflateBound(stream, uLong(input.count)))
        return try [UInt8](unsafeUninitializedCapacity: bound) { out, count in
            stream.pointee.next_in = UnsafeMutablePointer(mutating: input.baseAddress)
            stream.pointee.avail_in = uInt(input.count)
            stream.pointee.next_out = out.baseAddress
            stream.pointee.avail_out = uInt(bound)
            let status = CZlib.deflate(stream, Z_FINISH)
            guard status == Z_STREAM_END else { throw ImageError.zlib(operation: "compress", code: status) }
            count = Int(stream.pointee.total_out)
        }
    }

    /// zlib's CRC-32 of `bytes`, continuing from `crc` (0 to start).
    static func crc32(_ bytes: UnsafeRawBufferPointer, crc: UInt32 = 0) -> UInt32 {
        guard let base = bytes.baseAddress else { return crc }
        return UInt32(CZlib.crc32(uLong(crc), base.assumingMemoryBound(to: Bytef.self), uInt(bytes.count)))
    }

    /// A pool of ready compressors, one per thread that is encoding at the moment.
    final class Deflaters: @unchecked Sendable {
        static let shared = Deflaters()
        private let lock = NSLock()
        private var idle: [UnsafeMutablePointer<z_stream>] = []

        func take() throws -> UnsafeMutablePointer<z_stream> {
            lock.lock()
            if let stream = idle.popLast() { lock.unlock(); return stream }
            lock.unlock()
            let stream = UnsafeMutablePointer<z_stream>.allocate(capacity: 1)
            stream.initialize(to: z_stream())
            let status = deflateInit2_(stream, 3, Z_DEFLATED, 15, 6, Z_DEFAULT_STRATEGY,
                                       zlibVersion(), Int32(MemoryLayout<z_stream>.size))
            guard status == Z_OK else {
                stream.deallocate()
                throw ImageError.zlib(operation: "start compressing", code: status)
            }
            return stream
        }

        func give(_ stream: UnsafeMutablePointer<z_stream>) {
            lock.lock()
            if idle.count < 8 { idle.append(stream); lock.unlock(); return }
            lock.unlock()
            deflateEnd(stream)
            stream.deallocate()
        }
    }

    /// The bytes of the zlib stream `input`, refusing to produce more than `limit` bytes.
    static func inflate(_ input: ArraySlice<UInt8>, limit: Int) throws -> [UInt8] {
        var stream = z_stream()
        var status = inflateInit_(&stream, zlibVersion(), Int32(MemoryLayout<z_stream>.size))
        guard status == Z_OK else { throw ImageError.zlib(operation: "start decompressing", code: status) }
        defer { inflateEnd(&stream) }
        var output: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 16_384)
        try input.withUnsafeBufferPointer { inBuf in
            stream.next_in = UnsafeMutablePointer(mutating: inBuf.baseAddress)
            stream.avail_in = uInt(inBuf.count)
            repeat {
                let produced: Int = chunk.withUnsafeMutableBufferPointer { out in
                    stream.next_out = out.baseAddress
                    stream.avail_out = uInt(out.count)
                    status = CZlib.inflate(&stream, Z_NO_FLUSH)
                    return out.count - Int(stream.avail_out)
                }
                guard status == Z_OK || status == Z_STREAM_END else {
                    throw ImageError.zlib(operation: "decompress", code: status == Z_BUF_ERROR ? Z_DATA_ERROR : status)
                }
                output.append(contentsOf: chunk[0..<produced])
                guard output.count <= limit else {
                    throw ImageError.zlib(operation: "decompress more than \(limit) bytes of", code: Z_BUF_ERROR)
                }
            } while status != Z_STREAM_END
        }
        return output
    }
}
