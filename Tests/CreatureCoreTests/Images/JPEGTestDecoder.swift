import CJPEG

/// Decodes a JPEG to RGB with libjpeg for the tests (errors recorded, never `exit`).
enum JPEGTestDecoder {
    struct Image {
        var width: Int
        var height: Int
        var rgb: [UInt8]

        /// The colour at (x, y).
        func pixel(_ x: Int, _ y: Int) -> (Int, Int, Int) {
            let i = 3 * (y * width + x)
            return (Int(rgb[i]), Int(rgb[i + 1]), Int(rgb[i + 2]))
        }
    }

    struct Failure: Error {}

    static func decode(_ jpeg: [UInt8]) throws -> Image {
        let cinfo = UnsafeMutablePointer<jpeg_decompress_struct>.allocate(capacity: 1)
        cinfo.initialize(to: jpeg_decompress_struct())
        let jerr = UnsafeMutablePointer<jpeg_error_mgr>.allocate(capacity: 1)
        jerr.initialize(to: jpeg_error_mgr())
        let failed = UnsafeMutablePointer<UInt8>.allocate(capacity: 1)
        failed.initialize(to: 0)
        defer {
            jpeg_destroy_decompress(cinfo)
            cinfo.deallocate(); jerr.deallocate(); failed.deallocate()
        }
        cinfo.pointee.err = jpeg_std_error(jerr)
        jerr.pointee.error_exit = { cinfo in
            cinfo?.pointee.client_data?.assumingMemoryBound(to: UInt8.self).pointee = 1
        }
        jerr.pointee.emit_message = { _, _ in }
        cinfo.pointee.client_data = UnsafeMutableRawPointer(failed)
        jpeg_CreateDecompress(cinfo, JPEG_LIB_VERSION, MemoryLayout<jpeg_decompress_struct>.size)
        return try jpeg.withUnsafeBufferPointer { buffer in
            jpeg_mem_src(cinfo, buffer.baseAddress, UInt(buffer.count))
            guard jpeg_read_header(cinfo, 1) == JPEG_HEADER_OK, failed.pointee == 0 else { throw Failure() }
            cinfo.pointee.out_color_space = JCS_RGB
            guard jpeg_start_decompress(cinfo) != 0, failed.pointee == 0 else { throw Failure() }
            let width = Int(cinfo.pointee.output_width), height = Int(cinfo.pointee.output_height)
            var rgb = [UInt8](repeating: 0, count: width * height * 3)
            try rgb.withUnsafeMutableBufferPointer { out in
                while Int(cinfo.pointee.output_scanline) < height {
                    var row: JSAMPROW? = out.baseAddress! + Int(cinfo.pointee.output_scanline) * width * 3
                    guard jpeg_read_scanlines(cinfo, &row, 1) == 1, failed.pointee == 0 else { throw Failure() }
                }
            }
            jpeg_finish_decompress(cinfo)
            guard failed.pointee == 0 else { throw Failure() }
            return Image(width: width, height: height, rgb: rgb)
        }
    }
}
