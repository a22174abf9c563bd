import Foundation

/// Ids as stored: this program writes canonical UUID text, but a row written by another program
/// may hold any text. Such a row gets a UUID derived from its text, the same on every read, and
/// lookups resolve that UUID back to the stored text.
enum StoredID {
    /// The UUID of stored id `text`: the UUID it spells (either case), else `derived(from:)`.
    static func uuid(_ text: String) -> UUID {
        UUID(uuidString: text) ?? derived(from: text)
    }

    /// A UUID derived from `text` (two 64-bit FNV-1a hashes, marked as an RFC 9562 version 8
    /// custom UUID); stable across runs and machines.
    static func derived(from text: String) -> UUID {
        var high: UInt64 = 0xcbf2_9ce4_8422_2325, low: UInt64 = 0x8422_2325_cbf2_9ce4
        for byte in Array("fonsters-stored-id:".utf8) + Array(text.utf8) {
            high = (high ^ UInt64(byte)) &* 0x0000_0100_0000_01b3
            low = (low ^ UInt64(byte ^ 0x5a)) &* 0x0000_0100_0000_01b3
        }
        high = (high & ~0xF000) | 0x8000  // version 8
        low = (low & 0x3FFF_FFFF_FFFF_FFFF) | 0x8000_0000_0000_0000  // RFC variant
        return withUnsafeBytes(of: (high.bigEndian, low.bigEndian)) { b in
            UUID(uuid: (b[0], b[1], b[2], b[3], b[4], b[5], b[6], b[7], b[8], b[9], b[10], b[11], b[12], b[13], b[14], b[15]))
        }
    }
}

extension UUID {
    /// The canonical text of this UUID (`uuidString`: upper-case hex digits, dashes at 8, 13, 18
    /// and 23), written here rather than by Foundation's formatter, which goes through `snprintf`
    /// and was most of the time of answers listing thousands of ids.
    public var text: String {
        String(unsafeUninitializedCapacity: 36) { out in
            writeText(into: out)
            return 36
        }
    }

    /// Writes `text` (36 bytes) at the start of `out`, which has room for them.
    public func writeText(into out: UnsafeMutableBufferPointer<UInt8>) {
        withUnsafeBytes(of: uuid) { bytes in
            let digits: StaticString = "0123456789ABCDEF"
            digits.withUTF8Buffer { hex in
                var o = 0
                for i in 0..<16 {
                    if i == 4 || i == 6 || i == 8 || i == 10 { out[o] = UInt8(ascii: "-"); o &+= 1 }
                    out[o] = hex[Int(bytes[i] >> 4)]
                    out[o &+ 1] = hex[Int(bytes[i] & 0xF)]
                    o &+= 2
                }
            }
        }
    }
}
