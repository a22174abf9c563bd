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
    /// Sets `v` in row `y` at every column whose bit is set in `mask`, eight cells at a time.
    @inline(__always) func paint(row y: Int, _ mask: UInt32, _ v: Int8) {
        guard mask != 0 else { return }
        let row = UnsafeMutableRawPointer(base + y &* 32)
        let value = UInt64(UInt8(bitPattern: v)) &* 0x0101_0101_0101_0101
        for word in 0..<4 {
            let bits = UInt64(truncatingIfNeeded: mask >> UInt32(word &* 8)) & 0xFF
            guard bits != 0 else { continue }
            // Byte k of `select` is 0xFF where bit k of `bits` is set.
            let spread = (bits &* 0x0101_0101_0101_0101) & 0x8040_2010_0804_0201
            let select = (((spread &+ 0x7F7F_7F7F_7F7F_7F7F) | spread) & 0x8080_8080_8080_8080) >> 7 &* 0xFF
            let old = UInt64(littleEndian: row.loadUnaligned(fromByteOffset: word &* 8, as: UInt64.self))
            row.storeBytes(of: (old & ~select | value & select).littleEndian, toByteOffset: word &* 8, as: UInt64.self)
        }
    }
}
