/// The variable-width LZW compressor of GIF89a (appendix F): codes grow from
/// `minimumCodeSize + 1` bits up to 12; a clear code resets the table when all 4096 codes are used.
struct LZWEncoder {
    /// Bits per pixel value (2…8); the initial code width is one more.
    let minimumCodeSize: Int
    private let clearCode: Int
    private let endCode: Int
    private let alphabet: Int
    /// `children[prefix * alphabet + pixel]` = code of that string + 1 (0 = none).
    private var children: [UInt16]
    private var nextCode: Int
    private var codeSize: Int
    private var prefix = -1
    private var accumulator: UInt32 = 0
    private var bitCount: UInt32 = 0
    /// The packed code stream (not yet split into sub-blocks).
    private(set) var bytes: [UInt8] = []

    /// An encoder for pixel values below `1 << minimumCodeSize`; writes the initial clear code.
    init(minimumCodeSize: Int) {
        precondition((2...8).contains(minimumCodeSize), "GIF code sizes are 2…8")
        self.minimumCodeSize = minimumCodeSize
        alphabet = 1 << minimumCodeSize
        clearCode = alphabet
        endCode = alphabet + 1
        children = [UInt16](repeating: 0, count: 4096 * alphabet)
        nextCode = endCode + 1
        codeSize = minimumCodeSize + 1
        emit(clearCode)
    }

    /// Compresses more pixels (each below `1 << minimumCodeSize`).
    mutating func add(_ pixels: UnsafeBufferPointer<UInt8>) {
        var i = 0
        if prefix < 0, let first = pixels.first {
            prefix = Int(first)
            i = 1
        }
        while i < pixels.count {
            let pixel = Int(pixels[i])
            i += 1
            let slot = prefix &* alphabet &+ pixel
            let child = Int(children[slot])
            if child != 0 {
                prefix = child &- 1
                continue
            }
            emit(prefix)
            if nextCode < 4096 {
                children[slot] = UInt16(nextCode + 1)
                nextCode += 1
                // The decoder adds its entry one code later, so widen once the code just
                // added no longer fits: it may be the next code sent.
                if nextCode > (1 << codeSize) && codeSize < 12 { codeSize += 1 }
            } else {
                emit(clearCode)
                children.withUnsafeMutableBufferPointer { $0.update(repeating: 0) }
                nextCode = endCode + 1
                codeSize = minimumCodeSize + 1
            }
            prefix = pixel
        }
    }

    /// Ends the stream (last string, end code, padding) and returns the packed bytes.
    mutating func finish() -> [UInt8] {
        if prefix >= 0 {
            emit(prefix)
            // The decoder adds a table entry on reading that code and may widen before the end code.
            if nextCode < 4096 {
                nextCode += 1
                if nextCode > (1 << codeSize) && codeSize < 12 { codeSize += 1 }
            }
        }
        emit(endCode)
        if bitCount > 0 { bytes.append(UInt8(truncatingIfNeeded: accumulator)) }
        accumulator = 0
        bitCount = 0
        return bytes
    }

    /// Appends one code at the current width, least-significant bit first.
    @inline(__always)
    private mutating func emit(_ code: Int) {
        accumulator |= UInt32(code) << bitCount
        bitCount += UInt32(codeSize)
        while bitCount >= 8 {
            bytes.append(UInt8(truncatingIfNeeded: accumulator))
            accumulator >>= 8
            bitCount -= 8
        }
    }
}
