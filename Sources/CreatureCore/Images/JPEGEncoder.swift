import CJPEG

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Encodes sprites as baseline JPEG through libjpeg-turbo, composited onto white.
///
/// libjpeg reports errors through `error_exit`, which must not return; its default calls
/// `exit()`. Swift cannot `longjmp`, so this encoder validates every input up front (scale,
/// quality, comment length) and drives libjpeg only in ways that cannot fail short of running
/// out of memory. As a last line of defence `error_exit` is replaced by a function that records
/// the message and returns, instead of ending the process; the encoder then stops calling
/// libjpeg and throws `ImageError.jpeg`. Warnings and trace messages are silenced.
public enum JPEGEncoder {
    /// The largest comment a COM marker holds, in bytes.
    public static let maximumCommentBytes = 65_533

    /// A JPEG of `sprite` scaled by `scale` (1…64, nearest neighbour) at `quality` (1…100),
    /// transparent cells white, full-resolution colour (no chroma subsampling, so cell edges
    /// stay clean), optimised Huffman tables, and `comment` (e.g. the seed) as a COM marker,
    /// cut to `maximumCommentBytes` of UTF-8 on a character boundary. With a `backdrop`, transparent
    /// cells show its row colours instead of white.
    /// Throws `ImageError` for a bad scale or quality; `CancellationError` once `isCancelled` says
    /// so (checked before each grid row of scanlines).
    public static func encode(_ sprite: Sprite, scale: Int, quality: Int = 90, comment: String? = nil,
                              backdrop: Backdrop? = nil, isCancelled: () -> Bool = { false }) throws -> [UInt8] {
        try ImageSize.validate(scale: scale)
        guard (1...100).contains(quality) else { throw ImageError.invalidQuality(quality) }
        let side = Grid.side * scale
        let commentBytes = comment.map(truncatedUTF8)

        let cinfo = UnsafeMutablePointer<jpeg_compress_struct>.allocate(capacity: 1)
        cinfo.initialize(to: jpeg_compress_struct())
        let jerr = UnsafeMutablePointer<jpeg_error_mgr>.allocate(capacity: 1)
        jerr.initialize(to: jpeg_error_mgr())
        let report = UnsafeMutablePointer<CChar>.allocate(capacity: Int(JMSG_LENGTH_MAX) + 1)
        report.initialize(repeating: 0, count: Int(JMSG_LENGTH_MAX) + 1)
        let outBuffer = UnsafeMutablePointer<UnsafeMutablePointer<UInt8>?>.allocate(capacity: 1)
        outBuffer.initialize(to: nil)
        let outSize = UnsafeMutablePointer<UInt>.allocate(capacity: 1)
        outSize.initialize(to: 0)
        var finished = false
        defer {
            // libjpeg's memory destination frees the buffer it outgrows and names the one it writes
            // to only at the finish: cut short (cancelled, an error), that one is named now, or the
            // first buffer would be freed twice and the last not at all.
            if !finished, let dest = cinfo.pointee.dest { dest.pointee.term_destination?(cinfo) }
            jpeg_destroy_compress(cinfo)
            if let buffer = outBuffer.pointee { free(buffer) }
            cinfo.deallocate(); jerr.deallocate(); report.deallocate()
            outBuffer.deallocate(); outSize.deallocate()
        }

        cinfo.pointee.err = jpeg_std_error(jerr)
        jerr.pointee.error_exit = JPEGEncoder.recordError
        jerr.pointee.emit_message = { _, _ in }
        jerr.pointee.output_message = { _ in }
        cinfo.pointee.client_data = UnsafeMutableRawPointer(report)
        func check() throws {
            if report.pointee != 0 { throw ImageError.jpeg(String(cString: report + 1)) }
        }

        jpeg_CreateCompress(cinfo, JPEG_LIB_VERSION, MemoryLayout<jpeg_compress_struct>.size)
        try check()
        jpeg_mem_dest(cinfo, outBuffer, outSize)
        cinfo.pointee.image_width = JDIMENSION(side)
        cinfo.pointee.image_height = JDIMENSION(side)
        cinfo.pointee.input_components = 3
        cinfo.pointee.in_color_space = JCS_RGB
        jpeg_set_defaults(cinfo)
        jpeg_set_quality(cinfo, Int32(quality), 1)
        cinfo.pointee.optimize_coding = 1
        cinfo.pointee.comp_info[0].h_samp_factor = 1
        cinfo.pointee.comp_info[0].v_samp_factor = 1
        try check()
        jpeg_start_compress(cinfo, 1)
        try check()
        if let commentBytes, !commentBytes.isEmpty {
            commentBytes.withUnsafeBufferPointer {
                jpeg_write_marker(cinfo, Int32(JPEG_COM), $0.baseAddress, UInt32($0.count))
            }
            try check()
        }

        // One RGB row per grid row, handed to libjpeg `scale` times.
        var row = [UInt8](repeating: 0, count: side * 3)
        let page = RGBA(r: 255, g: 255, b: 255)
        var colors = ([RGBA.clear] + sprite.colors).map { composite($0, on: page) }
        for y in 0..<Grid.side {
            if isCancelled() { throw CancellationError() }
            if let backdrop, y == 0 || backdrop.rows[y] != backdrop.rows[y - 1] {
                colors = ([RGBA.clear] + sprite.colors).map { composite($0, on: backdrop.rows[y]) }
            }
            var i = 0
            for x in 0..<Grid.side {
                let c = colors[Int(sprite.grid[x, y]) + 1]
                for _ in 0..<scale {
                    row[i] = c.0; row[i + 1] = c.1; row[i + 2] = c.2
                    i += 3
                }
            }
            try row.withUnsafeMutableBufferPointer { row in
                var rows = [JSAMPROW?](repeating: row.baseAddress, count: scale)
                var written = 0
                while written < scale {
                    let n = rows.withUnsafeMutableBufferPointer {
                        jpeg_write_scanlines(cinfo, $0.baseAddress! + written, JDIMENSION(scale - written))
                    }
                    try check()
                    guard n > 0 else { throw ImageError.jpeg("libjpeg accepted no scanlines") }
                    written += Int(n)
                }
            }
        }
        jpeg_finish_compress(cinfo)
        finished = true
        try check()
        guard let buffer = outBuffer.pointee else { throw ImageError.jpeg("libjpeg produced no output") }
        return Array(UnsafeBufferPointer(start: buffer, count: Int(outSize.pointee)))
    }

    /// The replacement `error_exit`: formats libjpeg's message into the buffer at `client_data`
    /// (first byte set to 1, message after it) and returns instead of exiting.
    private static let recordError: @convention(c) (j_common_ptr?) -> Void = { cinfo in
        guard let cinfo, let report = cinfo.pointee.client_data?.assumingMemoryBound(to: CChar.self) else { return }
        if report.pointee == 0, let format = cinfo.pointee.err.pointee.format_message {
            format(cinfo, report + 1)
        }
        report.pointee = 1
    }

    /// The opaque colour a pixel of `c` shows on the opaque `page` (white by default).
    private static func composite(_ c: RGBA, on page: RGBA) -> (UInt8, UInt8, UInt8) {
        let alpha = Int(c.a)
        func mix(_ v: UInt8, _ under: UInt8) -> UInt8 {
            let blended: Int = Int(v) * alpha + Int(under) * (255 - alpha) + 127
            return UInt8(blended / 255)
        }
        return (mix(c.r, page.r), mix(c.g, page.g), mix(c.b, page.b))
    }

    /// The UTF-8 of `text`, cut after the last whole character that fits a COM marker.
    private static func truncatedUTF8(_ text: String) -> [UInt8] {
        var bytes: [UInt8] = []
        for scalar in text.unicodeScalars {
            let encoded = Array(String(scalar).utf8)
            if bytes.count + encoded.count > maximumCommentBytes { break }
            bytes.append(contentsOf: encoded)
        }
        return bytes
    }
}
