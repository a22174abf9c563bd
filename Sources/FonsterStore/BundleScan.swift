import Foundation

/// A cheap look at bundle JSON before it is decoded: one linear pass over the bytes, no
/// allocation, so a bundle of a million entries is refused without building any of them.
enum BundleScan {
    /// How many elements the top-level `fonsters` array holds; when no plain `"fonsters"` key is
    /// found (an escaped key, say), the longest top-level array's count, so no spelling slips past
    /// a limit. Nil when the text is not a JSON object with an array in it. The JSON decoder
    /// still checks the syntax afterwards.
    static func entryCount(_ data: Data) -> Int? {
        data.withUnsafeBytes { raw -> Int? in
            let bytes = raw.bindMemory(to: UInt8.self)
            let key = Array("fonsters".utf8)
            var depth = 0
            var i = 0
            let n = bytes.count
            var lastKeyMatches = false  // the last depth-1 string was `"fonsters"`
            var counting = false  // inside a depth-1 array
            var countingFonsters = false
            var commas = 0, nonEmpty = false
            var fonstersCount: Int?, longest: Int?
            while i < n {
                let c = bytes[i]
                switch c {
                case UInt8(ascii: "\""):
                    let start = i + 1
                    i += 1
                    while i < n, bytes[i] != UInt8(ascii: "\"") { i += bytes[i] == UInt8(ascii: "\\") ? 2 : 1 }
                    if depth == 1 {
                        lastKeyMatches = i - start == key.count && (0..<key.count).allSatisfy { bytes[start + $0] == key[$0] }
                    }
                    if counting { nonEmpty = true }
                case UInt8(ascii: "{"), UInt8(ascii: "["):
                    if depth == 1, c == UInt8(ascii: "[") {
                        counting = true
                        countingFonsters = lastKeyMatches
                        commas = 0
                        nonEmpty = false
                    } else if counting {
                        nonEmpty = true
                    }
                    depth += 1
                case UInt8(ascii: "}"), UInt8(ascii: "]"):
                    depth -= 1
                    if depth == 1, counting, c == UInt8(ascii: "]") {
                        let count = nonEmpty ? commas + 1 : 0
                        if countingFonsters { fonstersCount = max(fonstersCount ?? 0, count) }
                        longest = max(longest ?? 0, count)
                        counting = false
                    }
                    if depth < 0 { return nil }
                case UInt8(ascii: ","):
                    if counting, depth == 2 { commas += 1 }
                    if depth == 1 { lastKeyMatches = false }
                case 32, 9, 10, 13, UInt8(ascii: ":"):
                    break
                default:
                    if counting { nonEmpty = true }
                }
                i += 1
            }
            if counting {  // cut short: count what is there
                let count = nonEmpty ? commas + 1 : 0
                if countingFonsters { fonstersCount = max(fonstersCount ?? 0, count) }
                longest = max(longest ?? 0, count)
            }
            return fonstersCount ?? longest
        }
    }
}
