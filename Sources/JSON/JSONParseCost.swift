extension JSONParser {
    /// About how many bytes parsing `bytes` allocates, worked out by one pass over them without
    /// parsing, so that a server can count a message's parse before it happens: the strings' own
    /// bytes (at most the text's) and `bytesPerValue` for each value, array or object member
    /// (each begins after a `[`, `{`, `,` or `:`; counted in strings too, which only overestimates).
    public static func parseCost(of bytes: UnsafeBufferPointer<UInt8>) -> Int {
        var separators = 0
        for byte in bytes where byte == UInt8(ascii: ",") || byte == UInt8(ascii: ":")
            || byte == UInt8(ascii: "[") || byte == UInt8(ascii: "{") { separators += 1 }
        return bytes.count + (separators + 1) * bytesPerValue
    }

    /// `parseCost(of:)` of an array.
    public static func parseCost(of bytes: [UInt8]) -> Int { bytes.withUnsafeBufferPointer { parseCost(of: $0) } }

    /// What one parsed value takes besides its string's bytes: a `JSONValue` (24 bytes) in its
    /// array, or a member's key and value in an object, with their share of the containers' room.
    public static let bytesPerValue = 48
}
