import CZlib
import Foundation

/// Thin wrappers over the system zlib: CRC-32 and inflate (PNGs are deflated by `ScanlineDeflater`).
enum Zlib {
    /// zlib's CRC-32 of `bytes`, continuing from `crc` (0 to start).
    static func crc32(_ bytes: UnsafeRawBufferPointer, crc: UInt32 = 0) -> UInt32 {
        guard let base = bytes.baseAddress else { return crc }
        return UInt32(CZlib.crc32(uLong(crc), base.assumingMemoryBound(to: Bytef.self), uInt(bytes.count)))
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
