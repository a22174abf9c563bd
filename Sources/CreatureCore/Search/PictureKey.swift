/// What the look-alikes keep of a picture instead of its 1,024 cells: 64 bytes that tell the same
/// picture (`picture`, its fingerprint), the same look (`look`: silhouette and inner edges, so
/// alike whatever the colours), the silhouette's `LikenessIndex` blocks (`block(_:)`: two
/// pictures that look alike share at least one), its `bands` and its inner edges by band
/// (`edges`; alike ones are close in both). Pictures sharing a block with close bands and edges
/// are told alike or not by their looks, drawn again from their seeds; the key only says which
/// to compare.
public struct PictureKey: Hashable, Sendable {
    /// The picture's fingerprint (`Picture.fingerprint`): equal for the same picture.
    public let picture: UInt64
    /// A hash of the picture's look (`Likeness.Look`): equal for pictures that differ only in colours.
    public let look: UInt64
    /// The 32-bit hashes of the silhouette's `LikenessIndex.blocks` interleaved blocks.
    private let blocks: (UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32)
    /// The silhouette's drawn cells by quarter of its rows: what rules most pairs sharing a block out.
    public let bands: SilhouetteBands
    /// The inner edges (across and down) of each band of four rows, a byte each, the first rows
    /// lowest: what rules out the many pictures of one silhouette (a frame filled by a tile
    /// pattern: 34,582 of a million) whose colours change in other places.
    public let edges: UInt64

    /// How many bytes `bytes` holds (a key's in-memory stride too).
    public static let size = 64

    /// The key of `picture`.
    public init(_ picture: Picture) { self.init(Likeness.Look(picture), fingerprint: picture.fingerprint) }

    /// The key of a picture whose look is `look` and whose fingerprint is `fingerprint`.
    public init(_ look: Likeness.Look, fingerprint: UInt64) {
        let hashes = LikenessIndex.blockHashes(look.silhouette).map { UInt32(truncatingIfNeeded: $0) }
        picture = fingerprint
        self.look = look.key
        blocks = (hashes[0], hashes[1], hashes[2], hashes[3], hashes[4], hashes[5], hashes[6], hashes[7], hashes[8])
        bands = SilhouetteBands(look.silhouette)
        edges = look.edgeBands
    }

    /// The key stored as `bytes` (`bytes` of a key); nil when they are not `size` bytes.
    public init?(bytes: UnsafeRawBufferPointer) {
        guard bytes.count == Self.size else { return nil }
        func word(_ n: Int) -> UInt32 { UInt32(littleEndian: bytes.loadUnaligned(fromByteOffset: 16 + 4 * n, as: UInt32.self)) }
        picture = UInt64(littleEndian: bytes.loadUnaligned(as: UInt64.self))
        look = UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: 8, as: UInt64.self))
        blocks = (word(0), word(1), word(2), word(3), word(4), word(5), word(6), word(7), word(8))
        bands = SilhouetteBands(packed: word(9))
        edges = UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: 56, as: UInt64.self))
    }

    /// The key as `size` little-endian bytes: fingerprint, look, the blocks, the bands, then the edges.
    public var bytes: [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(Self.size)
        withUnsafeBytes(of: picture.littleEndian) { out += $0 }
        withUnsafeBytes(of: look.littleEndian) { out += $0 }
        for b in 0..<LikenessIndex.blocks { withUnsafeBytes(of: block(b).littleEndian) { out += $0 } }
        withUnsafeBytes(of: bands.packed.littleEndian) { out += $0 }
        withUnsafeBytes(of: edges.littleEndian) { out += $0 }
        return out
    }

    /// The hash of block `b` (0..<`LikenessIndex.blocks`) of the silhouette.
    @inline(__always) public func block(_ b: Int) -> UInt32 {
        withUnsafeBytes(of: blocks) { $0.load(fromByteOffset: b &* 4, as: UInt32.self) }
    }

    /// The silhouette's blocks mixed into one word: equal for the same silhouette.
    public var silhouette: UInt64 {
        var h: UInt64 = 0
        for b in 0..<LikenessIndex.blocks { h = (h ^ UInt64(block(b))) &* 0x9E37_79B9_7F4A_7C15 }
        return h ^ h >> 31
    }

    /// Whether the two silhouettes agree on at least one block (so the pictures may look alike).
    @inline(__always) public func sharesBlock(with other: PictureKey) -> Bool {
        for b in 0..<LikenessIndex.blocks where block(b) == other.block(b) { return true }
        return false
    }

    /// Whether the inner edges may differ in at most `Likeness.innerEdgeSlack` (so the pictures
    /// may look alike): two looks differ in at least as many edges as their counts by band do.
    /// The eight bytes as lanes, as `SilhouetteBands.distance` reads its four.
    @inline(__always) public func edgesClose(to other: PictureKey) -> Bool { Self.edgesClose(edges, other.edges) }

    /// `edgesClose(to:)` of two keys' `edges`.
    @inline(__always) public static func edgesClose(_ edges: UInt64, _ other: UInt64) -> Bool {
        let a = unsafeBitCast(edges.littleEndian, to: SIMD8<UInt8>.self), b = unsafeBitCast(other.littleEndian, to: SIMD8<UInt8>.self)
        return Int(SIMD8<UInt16>(truncatingIfNeeded: pointwiseMax(a, b) &- pointwiseMin(a, b)).wrappedSum()) <= Likeness.innerEdgeSlack
    }

    /// Equal when every part is equal.
    public static func == (a: PictureKey, b: PictureKey) -> Bool {
        a.picture == b.picture && a.look == b.look && a.bands == b.bands && a.edges == b.edges
            && (0..<LikenessIndex.blocks).allSatisfy { a.block($0) == b.block($0) }
    }

    /// Hashes the fingerprint (the rest follows from the picture).
    public func hash(into hasher: inout Hasher) { hasher.combine(picture) }
}

extension Likeness.Look {
    /// The inner edges (across and down) of each band of four rows (two words of each), a byte
    /// each (at most 4 × 31 + 4 × 32 = 252), the first rows lowest: `PictureKey.edges`.
    var edgeBands: UInt64 {
        var packed: UInt64 = 0
        for band in 0..<8 {
            let count = across.words[2 &* band].nonzeroBitCount &+ across.words[2 &* band &+ 1].nonzeroBitCount
                &+ down.words[2 &* band].nonzeroBitCount &+ down.words[2 &* band &+ 1].nonzeroBitCount
            packed |= UInt64(count) << UInt64(band &* 8)
        }
        return packed
    }

    /// A 64-bit hash of all 3,072 bits (each word mixed in its place), for `PictureKey.look`.
    var key: UInt64 {
        var h: UInt64 = 0xCBF2_9CE4_8422_2325
        for words in [silhouette.words, across.words, down.words] {
            for i in 0..<16 {
                h = (h ^ words[i]) &* 0x0000_0100_0000_01B3
                h = (h ^ h >> 29) &* 0xBF58_476D_1CE4_E5B9
            }
        }
        return h ^ h >> 32
    }
}
