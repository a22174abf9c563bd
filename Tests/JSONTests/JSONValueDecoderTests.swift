import Testing
import JSON
import TestSupport

/// The tests' `JSONValueDecoder` (Decodable types read from a parsed value) and `serializedCount`.
@Suite struct JSONValueDecoderTests {
    struct Record: Decodable, Equatable {
        struct Inner: Decodable, Equatable { let on: Bool; let count: Int? }
        let name: String
        let sky: Double
        let bits: UInt64
        let small: Int8
        let tags: [String]
        let inner: Inner
        let byKey: [String: [Int]]
        let missing: String?
    }

    @Test func readsEveryKindOfMember() throws {
        let text = #"{"name":"é\n","sky":1,"bits":9007199254740991,"small":-128,"tags":["a","b"],"inner":{"on":true,"count":null},"byKey":{"x":[1,2]},"extra":[{}]}"#
        let record = try JSONValueDecoder().decode(Record.self, from: Array(text.utf8))
        #expect(record == Record(name: "é\n", sky: 1, bits: 9_007_199_254_740_991, small: -128, tags: ["a", "b"],
                                 inner: .init(on: true, count: nil), byKey: ["x": [1, 2]], missing: nil))
    }

    /// Errors are `DecodingError`s with the path of the member, as `JSONDecoder` reports them.
    @Test func errorsNameThePath() {
        func error(_ text: String) -> String {
            do { _ = try JSONValueDecoder().decode([Record.Inner].self, from: Array(text.utf8)); return "none" } catch {
                switch error as? DecodingError {
                case .keyNotFound(let key, let c)?: return "missing \(path(c.codingPath + [key]))"
                case .typeMismatch(_, let c)?: return "type \(path(c.codingPath))"
                case .valueNotFound(_, let c)?: return "null \(path(c.codingPath))"
                case .dataCorrupted(let c)?: return "corrupt \(path(c.codingPath))"
                default: return "other"
                }
            }
        }
        func path(_ keys: [any CodingKey]) -> String { keys.map { $0.intValue.map(String.init) ?? $0.stringValue }.joined(separator: ".") }
        #expect(error(#"[{"on":true},{"count":1}]"#) == "missing 1.on")
        #expect(error(#"[{"on":1}]"#) == "type 0.on")
        #expect(error(#"[{"on":null}]"#) == "null 0.on")
        #expect(error(#"[{"on":true,"count":1.5}]"#) == "corrupt 0.count")
        #expect(error(#"{"on":true}"#) == "type ")
        #expect(error(#"[{"on":true},]"#) == "corrupt ")
        #expect(error(#"[{"on":true,"count":2}]"#) == "none")
    }

    /// The count is the length `serialized()` writes, for every kind of value and escape.
    @Test func serializedCountIsTheWrittenLength() throws {
        let values: [JSONValue] = [
            nil, true, false, 0, 7, -7, 10, -10, 1234567890, .int(Int64.min), .int(Int64.max),
            0.1, -0.0, 1e-7, 1.5e300, .double(.nan), .double(.infinity), 1.0,
            "", "plain", "quote \" back \\ slash /", "\n\r\t\u{8}\u{C}\u{0}\u{1F}\u{7F}", "é 👩‍👩‍👧 \u{2028}",
            [], [1], [1, "a", [], [:]], [:], ["a": 1], ["key \"q\"": ["nested": [nil, true]], "b": "c"],
        ]
        for value in values {
            #expect(value.serializedCount == value.serialized().count, "\(value)")
        }
        let big = try JSONValue(parsing: #"{"fonsters":[{"seed":"s\u0001","history":["a","b"]},{"name":"é"}],"version":1}"#)
        #expect(big.serializedCount == big.serialized().count)
    }
}
