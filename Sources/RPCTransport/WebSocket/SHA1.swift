/// SHA-1 (FIPS 180-4), for the WebSocket handshake's `Sec-WebSocket-Accept` and for ETags.
/// Not for anything that needs collision resistance.
public struct SHA1: Sendable {
    private var h: (UInt32, UInt32, UInt32, UInt32, UInt32) =
        (0x6745_2301, 0xEFCD_AB89, 0x98BA_DCFE, 0x1032_5476, 0xC3D2_E1F0)
    private var block = [UInt8](repeating: 0, count: 64)
    private var blockCount = 0
    private var totalBytes: UInt64 = 0

    /// A hash of nothing yet.
    public init() {}

    /// The digest of `bytes`, 20 bytes.
    public static func hash<C: Collection>(_ bytes: C) -> [UInt8] where C.Element == UInt8 {
        var sha = SHA1()
        sha.update(bytes)
        return sha.finish()
    }

    /// Adds `bytes` to the message.
    public mutating func update<C: Collection>(_ bytes: C) where C.Element == UInt8 {
        totalBytes &+= UInt64(bytes.count)
        for byte in bytes {
            block[blockCount] = byte
            blockCount += 1
            if blockCount == 64 {
                compress()
                blockCount = 0
            }
        }
    }

    /// Pads the message and returns its 20-byte digest.
    public mutating func finish() -> [UInt8] {
        let bitLength = totalBytes &* 8
        block[blockCount] = 0x80
        blockCount += 1
        if blockCount > 56 {
            while blockCount < 64 { block[blockCount] = 0; blockCount += 1 }
            compress()
            blockCount = 0
        }
        while blockCount < 56 { block[blockCount] = 0; blockCount += 1 }
        for i in 0..<8 { block[56 + i] = UInt8(truncatingIfNeeded: bitLength >> (56 - 8 * UInt64(i))) }
        compress()
        blockCount = 0
        var digest: [UInt8] = []
        digest.reserveCapacity(20)
        for word in [h.0, h.1, h.2, h.3, h.4] {
            digest += [UInt8(word >> 24), UInt8(truncatingIfNeeded: word >> 16),
                       UInt8(truncatingIfNeeded: word >> 8), UInt8(truncatingIfNeeded: word)]
        }
        return digest
    }

    private mutating func compress() {
        var w = [UInt32](repeating: 0, count: 80)
        for t in 0..<16 {
            w[t] = UInt32(block[4 * t]) << 24 | UInt32(block[4 * t + 1]) << 16
                | UInt32(block[4 * t + 2]) << 8 | UInt32(block[4 * t + 3])
        }
        for t in 16..<80 {
            let x = w[t - 3] ^ w[t - 8] ^ w[t - 14] ^ w[t - 16]
            w[t] = x << 1 | x >> 31
        }
        var (a, b, c, d, e) = h
        for t in 0..<80 {
            let f: UInt32, k: UInt32
            switch t {
            case 0..<20: f = (b & c) | (~b & d); k = 0x5A82_7999
            case 20..<40: f = b ^ c ^ d; k = 0x6ED9_EBA1
            case 40..<60: f = (b & c) | (b & d) | (c & d); k = 0x8F1B_BCDC
            default: f = b ^ c ^ d; k = 0xCA62_C1D6
            }
            let temp = (a << 5 | a >> 27) &+ f &+ e &+ k &+ w[t]
            e = d
            d = c
            c = b << 30 | b >> 2
            b = a
            a = temp
        }
        h = (h.0 &+ a, h.1 &+ b, h.2 &+ c, h.3 &+ d, h.4 &+ e)
    }
}
