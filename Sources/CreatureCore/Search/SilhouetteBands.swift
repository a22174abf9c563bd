/// A silhouette told in four bytes: how many cells each quarter of its rows draws (rows 0–7,
/// 8–15, 16–23, 24–31). Two silhouettes differ in at least as many cells as their bands do, so
/// bands further apart than `Likeness.silhouetteSlack` rule a pair out without its 1,024 bits:
/// a key keeps them (`PictureKey.bands`), and an index reads them before a silhouette.
public struct SilhouetteBands: Hashable, Sendable {
    /// Band k's count in byte k (at most 255: a full band's 256 is kept as 255, which only ever
    /// brings two counts closer, so the bound still holds).
    public let packed: UInt32

    /// The bands of `silhouette`.
    public init(_ silhouette: Silhouette) {
        var packed: UInt32 = 0
        withUnsafeBytes(of: silhouette.words) { raw in
            for band in 0..<4 {
                var count = 0
                for word in 0..<4 { count &+= raw.load(fromByteOffset: (band &* 4 &+ word) &* 8, as: UInt64.self).nonzeroBitCount }
                packed |= UInt32(min(count, 255)) << UInt32(band &* 8)
            }
        }
        self.packed = packed
    }

    /// The cells drawn (a full band counted as 255).
    public var total: Int { Int(packed & 0xFF + packed >> 8 & 0xFF + packed >> 16 & 0xFF + packed >> 24) }

    /// Bands as kept (`packed`).
    public init(packed: UInt32) { self.packed = packed }

    /// The cells the two silhouettes differ in, at least: the sum of their bands' differences.
    @inline(__always) public func distance(to other: SilhouetteBands) -> Int {
        // The four bytes as lanes: a few vector instructions, no branch.
        let a = unsafeBitCast(packed.littleEndian, to: SIMD4<UInt8>.self), b = unsafeBitCast(other.packed.littleEndian, to: SIMD4<UInt8>.self)
        return Int(SIMD4<UInt16>(truncatingIfNeeded: pointwiseMax(a, b) &- pointwiseMin(a, b)).wrappedSum())
    }

    /// Whether the two silhouettes may be alike: bands no further apart than `Likeness.silhouetteSlack`.
    @inline(__always) public func mayBeAlike(_ other: SilhouetteBands) -> Bool {
        distance(to: other) <= Likeness.silhouetteSlack
    }

    /// Calls `body` with the index of each of `bands` that may be alike `own` (`mayBeAlike`), in
    /// order (4 MB for a million: read in well under a millisecond).
    public static func forEachClose(to own: SilhouetteBands, in bands: [SilhouetteBands], _ body: (Int) -> Void) {
        firstClose(to: own, in: bands) { body($0); return false }
    }

    /// `forEachClose`, until `found` returns true.
    public static func firstClose(to own: SilhouetteBands, in bands: [SilhouetteBands], _ found: (Int) -> Bool) {
        bands.withUnsafeBufferPointer { buffer in
            for i in buffer.indices where buffer[i].mayBeAlike(own) {
                if found(i) { return }
            }
        }
    }
}
