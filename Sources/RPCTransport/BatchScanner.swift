/// Counts the entries of a top-level JSON array without parsing them, so an oversized batch is
/// refused before any of its values are built. Linear in the bytes, stops early.
enum BatchScanner {
    /// The number of entries when `bytes` is a JSON array (possibly malformed: the parser reports
    /// that later), counting no further than `limit + 1`; nil when it is not an array.
    static func entryCount(_ bytes: [UInt8], upTo limit: Int) -> Int? {
        var i = 0
        while i < bytes.count, bytes[i] == 0x20 || bytes[i] == 0x09 || bytes[i] == 0x0A || bytes[i] == 0x0D { i += 1 }
        guard i < bytes.count, bytes[i] == UInt8(ascii: "[") else { return nil }
        var depth = 0, count = 0, inString = false, escaped = false, sawValue = false
        while i < bytes.count {
            let byte = bytes[i]
            i += 1
            if inString {
                if escaped { escaped = false } else if byte == UInt8(ascii: "\\") { escaped = true } else if byte == UInt8(ascii: "\"") { inString = false }
                continue
            }
            switch byte {
            case UInt8(ascii: "\""):
                inString = true
                if depth == 1 { sawValue = true }
            case UInt8(ascii: "["), UInt8(ascii: "{"):
                if depth == 1 { sawValue = true }
                depth += 1
            case UInt8(ascii: "]"), UInt8(ascii: "}"):
                depth -= 1
                if depth == 0 { return sawValue ? count + 1 : 0 }
            case UInt8(ascii: ","):
                if depth == 1 {
                    count += 1
                    if count > limit { return count }
                }
            case 0x20, 0x09, 0x0A, 0x0D:
                break
            default:
                if depth == 1 { sawValue = true }
            }
        }
        return sawValue ? count + 1 : count
    }
}
