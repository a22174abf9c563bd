import Testing
import JSON

/// `JSONParser.parseCost`: what a server counts for a message before parsing it — at least its
/// bytes, and more the more values it holds (a 16 MiB array of zeros parses into far more than
/// 16 MiB of values).
@Suite struct JSONParseCostTests {
    @Test func aStringCostsAboutItsBytesAndManyValuesCostPerValue() {
        let string = Array(("\"" + String(repeating: "a", count: 10_000) + "\"").utf8)
        #expect(JSONParser.parseCost(of: string) == string.count + JSONParser.bytesPerValue)
        let zeros = Array(("[" + Array(repeating: "0", count: 10_000).joined(separator: ",") + "]").utf8)
        #expect(JSONParser.parseCost(of: zeros) == zeros.count + (10_000 + 1) * JSONParser.bytesPerValue)
        let object = Array(#"{"a":1,"b":[2,3]}"#.utf8)
        #expect(JSONParser.parseCost(of: object) == object.count + 7 * JSONParser.bytesPerValue)
    }

    /// A value takes at least what the estimate counts for it: a `JSONValue` in an array is 24 bytes
    /// or less, so `bytesPerValue` covers it with its array's spare room.
    @Test func aValueIsNoBiggerThanItsEstimate() {
        #expect(MemoryLayout<JSONValue>.stride * 2 <= JSONParser.bytesPerValue)
    }
}
