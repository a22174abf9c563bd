import Testing
@testable import JSON

@Suite struct JSONParserTests {
    private func parseError(_ text: String) -> JSONParseError? {
        parseError(Array(text.utf8))
    }

    private func parseError(_ bytes: [UInt8]) -> JSONParseError? {
        do {
            _ = try JSONParser.parse(bytes)
            return nil
        } catch {
            return error
        }
    }

    @Test func parsesAllValueKinds() throws {
        let value = try JSONValue(parsing: #" { "a" : [1, -2.5, true, false, null, "x\n\u00e9\/"], "b": {} , "c": [] } "#)
        #expect(value == ["a": [1, -2.5, true, false, nil, "x\né/"], "b": .object([:]), "c": []])
        #expect(value["a"]?[0]?.int == 1)
        #expect(value["a"]?[1]?.double == -2.5)
        #expect(value["a"]?[2]?.bool == true)
        #expect(value["a"]?[4]?.isNull == true)
        #expect(value["a"]?[5]?.string == "x\né/")
        #expect(value["missing"] == nil)
        #expect(value["a"]?[99] == nil)
    }

    @Test func roundTripsCompactlyKeepingKeyOrder() throws {
        let text = #"{"zeta":1,"alpha":[true,null,{"m":"é😀","a":-0.5}],"mid":"a/b","n":12345678901234}"#
        let value = try JSONValue(parsing: text)
        #expect(value.object?.keys == ["zeta", "alpha", "mid", "n"])
        #expect(value.serializedString() == text)
        #expect(try JSONValue(parsing: value.serialized()) == value)
    }

    @Test func integersStayExactAndLargeNumbersBecomeDoubles() throws {
        #expect(try JSONValue(parsing: "9223372036854775807") == .int(Int64.max))
        #expect(try JSONValue(parsing: "-9223372036854775808") == .int(Int64.min))
        #expect(try JSONValue(parsing: "9223372036854775808") == .double(9223372036854775808))
        #expect(try JSONValue(parsing: "-9223372036854775809") == .double(-0x1p63))
        #expect(try JSONValue(parsing: "123456789012345678901234567890") == .double(1.2345678901234568e29))
        #expect(try JSONValue(parsing: "0") == .int(0))
        #expect(try JSONValue(parsing: "1.0") == .double(1.0))
        #expect(try JSONValue(parsing: "1E2") == .double(100))
        #expect(try JSONValue(parsing: "2.5e-3") == .double(0.0025))
        #expect(try JSONValue(parsing: "1e308") == .double(1e308))
        #expect(try JSONValue(parsing: "1.0").int == 1)
        #expect(try JSONValue(parsing: "1.5").int == nil)
    }

    @Test func rejectsNumbersBeyondDouble() {
        #expect(parseError("1e400")?.message.contains("out of range") == true)
        #expect(parseError("-1e400")?.message.contains("out of range") == true)
    }

    @Test(arguments: [
        ("", "unexpected end of input"), ("[1,]", "trailing comma"), (#"{"a":1,}"#, "trailing comma"),
        ("01", "leading zero"), ("-", "digit after '-'"), ("1.", "digit after '.'"), ("1e", "exponent"),
        ("+1", "unexpected character '+'"), (".5", "unexpected character '.'"), ("NaN", "unexpected character 'N'"),
        ("'a'", "unexpected character '''"), ("tru", "expected 'true'"), ("nul", "expected 'null'"),
        ("1 2", "unexpected data after"), ("[1 2]", "expected ',' or ']'"), (#"{"a" 1}"#, "expected ':'"),
        (#"{a:1}"#, "expected a string key"), ("\"a\tb\"", "control character 0x09"), ("\"abc", "end of input in a string"),
        (#""\x""#, "invalid escape"), (#""\u12G4""#, "invalid hex digit"), ("[", "end of input"), ("{", "end of input"),
    ])
    func rejectsInvalidJSON(text: String, expected: String) throws {
        let error = try #require(parseError(text))
        #expect(error.message.contains(expected), "\(error)")
    }

    @Test func errorsCarryTheByteOffset() throws {
        let error = try #require(parseError(#"{"a": [1, 2,, 3]}"#))
        #expect(error.offset == 12)
        #expect(error.description.hasSuffix("at byte 12"))
    }

    @Test func deepNestingIsAnErrorNotACrash() throws {
        let deep = [UInt8](repeating: UInt8(ascii: "["), count: 100_000)
        let error = try #require(parseError(deep))
        #expect(error.message.contains("nesting deeper than 256"))
        #expect(error.offset == 256)

        let objects = String(repeating: #"{"a":"#, count: 100_000)
        #expect(parseError(objects)?.message.contains("nesting") == true)

        let limit = String(repeating: "[", count: 256) + String(repeating: "]", count: 256)
        #expect(parseError(limit) == nil)
        let over = String(repeating: "[", count: 257) + String(repeating: "]", count: 257)
        #expect(parseError(over)?.message.contains("nesting") == true)
    }

    @Test(arguments: [
        ([0x22, 0xFF, 0x22], 1),                     // never valid
        ([0x22, 0xC0, 0x80, 0x22], 1),               // overlong NUL
        ([0x22, 0xE0, 0x80, 0x80, 0x22], 1),         // overlong 3-byte
        ([0x22, 0xED, 0xA0, 0x80, 0x22], 1),         // UTF-8-encoded surrogate
        ([0x22, 0xF4, 0x90, 0x80, 0x80, 0x22], 1),   // above U+10FFFF
        ([0x22, 0x61, 0xC3, 0x22], 2),               // truncated sequence
        ([0x22, 0xE2, 0x82, 0x22], 1),               // truncated inside the string
        ([0x22, 0x5C, 0x6E, 0x80, 0x22], 3),         // stray continuation after an escape
    ] as [([UInt8], Int)])
    func rejectsInvalidUTF8(bytes: [UInt8], offset: Int) throws {
        let error = try #require(parseError(bytes))
        #expect(error.message.contains("UTF-8"), "\(error)")
        #expect(error.offset == offset)
    }

    @Test func acceptsValidMultibyteUTF8() throws {
        let text = "\"aé€😀\u{10FFFF}\""
        #expect(try JSONValue(parsing: Array(text.utf8)) == .string("aé€😀\u{10FFFF}"))
    }

    @Test func surrogateEscapes() throws {
        #expect(try JSONValue(parsing: #""\uD83D\uDE00""#) == "😀")
        #expect(try JSONValue(parsing: #""\ud83d\ude00x""#) == "😀x")
        #expect(parseError(#""\uD800""#)?.message.contains("lone surrogate") == true)
        #expect(parseError(#""\uDC00""#)?.message.contains("lone surrogate") == true)
        #expect(parseError(#""\uD800\u0041""#)?.message.contains("lone surrogate") == true)
        #expect(parseError(#""\uD800abc""#)?.message.contains("lone surrogate") == true)
        #expect(try JSONValue(parsing: #""\u0000\u001f\u00e9""#) == "\u{0}\u{1F}é")
    }

    @Test func duplicateKeysKeepTheLastValue() throws {
        let value = try JSONValue(parsing: #"{"a":1,"b":2,"a":3}"#)
        #expect(value.object?.keys == ["a", "b"])
        #expect(value["a"] == 3)
    }

    @Test func largeObjectsLookUpEveryKey() throws {
        let members = (0..<100).map { "\"k\($0)\":\($0)" }.joined(separator: ",")
        let value = try JSONValue(parsing: "{\(members),\"k5\":-1}")
        #expect(value.object?.count == 100)
        for i in 0..<100 where i != 5 { #expect(value["k\(i)"]?.int == i) }
        #expect(value["k5"] == -1)
    }
}
