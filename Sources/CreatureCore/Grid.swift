/// A 32×32 creature bitmap: each cell is −1 (transparent) or a colour index 0…5.
public struct Grid: Equatable, Hashable, Sendable {
    /// The side of the grid in cells.
    public static let side = 32
    /// Row-major cells, `cells[y * 32 + x]`.
    public var cells: [Int8]

    /// A grid with every cell set to `value`.
    public init(filledWith value: Int8 = -1) {
        cells = [Int8](unsafeUninitializedCapacity: 1024) { buffer, count in
            buffer.initialize(repeating: value)
            count = 1024
        }
    }

    /// The cell at column `x`, row `y` (both 0…31).
    @inlinable public subscript(x: Int, y: Int) -> Int8 {
        get { cells[y &* 32 &+ x] }
        set { cells[y &* 32 &+ x] = newValue }
    }

    /// The golden-file form: 32 strings of 32 characters, `.` for −1 and `0`–`5`.
    public var rows: [String] {
        (0..<32).map { y in
            String(decoding: (0..<32).map { x -> UInt8 in
                let v = self[x, y]
                return v < 0 ? UInt8(ascii: ".") : UInt8(ascii: "0") + UInt8(v)
            }, as: UTF8.self)
        }
    }

    /// Runs `body` with direct access to the cells (no copy-on-write checks in hot loops).
    @inlinable public mutating func withCells<R>(_ body: (Cells) throws -> R) rethrows -> R {
        try cells.withUnsafeMutableBufferPointer { try body(Cells(base: $0.baseAddress!)) }
    }
}

/// Direct access to a grid's 1,024 cells for the drawing code; valid only inside `withCells`.
public struct Cells {
    @usableFromInline let base: UnsafeMutablePointer<Int8>

    @inlinable init(base: UnsafeMutablePointer<Int8>) { self.base = base }

    /// The cell at column `x`, row `y` (both 0…31; not checked).
    @inlinable public subscript(x: Int, y: Int) -> Int8 {
        get { base[y &* 32 &+ x] }
        nonmutating set { base[y &* 32 &+ x] = newValue }
    }

    /// The cell at row-major index `i` (0…1023; not checked).
    @inlinable public subscript(i: Int) -> Int8 {
        get { base[i] }
        nonmutating set { base[i] = newValue }
    }
}

extension Cells {
    /// Sets `v` in row `y` at every column whose bit is set in `mask`, sixteen cells at a time:
    /// each half's mask bits are spread to bytes and compared, then the row is blended (SSE2).
    @inline(__always) func paint(row y: Int, _ mask: UInt32, _ v: Int8) {
        paint(row: y, mask, v, 0, v)
    }

    /// `paint(row: y, first, v)` then `paint(row: y, second, w)` in one pass over the row.
    @inline(__always) func paint(row y: Int, _ first: UInt32, _ v: Int8, _ second: UInt32, _ w: Int8) {
        guard first | second != 0 else { return }
        let row = UnsafeMutableRawPointer(base + y &* 32)
        let value = SIMD16<UInt8>(repeating: UInt8(bitPattern: v)), secondValue = SIMD16<UInt8>(repeating: UInt8(bitPattern: w))
        for half in 0..<2 {
            let shift = UInt32(half &* 16)
            let a = UInt64(truncatingIfNeeded: first >> shift) & 0xFFFF, b = UInt64(truncatingIfNeeded: second >> shift) & 0xFFFF
            guard a | b != 0 else { continue }
            var cells = row.loadUnaligned(fromByteOffset: half &* 16, as: SIMD16<UInt8>.self)
            cells.replace(with: value, where: Cells.selects(a))
            cells.replace(with: secondValue, where: Cells.selects(b))
            row.storeBytes(of: cells, toByteOffset: half &* 16, as: SIMD16<UInt8>.self)
        }
    }

    /// Lane k set where bit k of the 16-bit `bits` is: every byte of the first eight lanes holds
    /// the low byte of `bits`, of the last eight the high one, compared with its lane's bit.
    @inline(__always) static func selects(_ bits: UInt64) -> SIMDMask<SIMD16<Int8>> {
        let bitOf = SIMD16<UInt8>(1, 2, 4, 8, 16, 32, 64, 128, 1, 2, 4, 8, 16, 32, 64, 128)
        let spread = unsafeBitCast(SIMD2<UInt64>((bits & 0xFF) &* 0x0101_0101_0101_0101, (bits >> 8) &* 0x0101_0101_0101_0101),
                                   to: SIMD16<UInt8>.self)
        return spread & bitOf .== bitOf
    }
}
