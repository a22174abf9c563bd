import Testing
@testable import JSON

@Suite struct JSONSerializerTests {
    @Test func writesCompactText() {
        let value: JSONValue = ["b": [1, 2.5, true, nil], "a": ["x": "y"], "e": [], "o": .object([:])]
        #expect(value.serializedString() == #"{"b":[1,2.5,true,null],"a":{"x":"y"},"e":[],"o":{}}"#)
    }

    @Test func numbers() {
        #expect(JSONValue.int(0).serializedString() == "0")
        #expect(JSONValue.int(-7).serializedString() == "-7")
        #expect(JSONValue.int(Int64.min).serializedString() == "-9223372036854775808")
        #expect(JSONValue.int(Int64.max).serializedString() == "9223372036854775807")
        #expect(JSONValue.number(42).serializedString() == "42")
        #expect(JSONValue.double(1.0).serializedString() == "1.0")
        #expect(JSONValue.double(0.1).serializedString() == "0.1")
        #expect(JSONValue.double(-0.0).serializedString() == "-0.0")
        #expect(JSONValue.double(1e-7).serializedString() == "1e-07")
        #expect(JSONValue.double(1.5e300).serializedString() == "1.5e+300")
        #expect(JSONValue.double(.infinity).serializedString() == "null")
        #expect(JSONValue.double(.nan).serializedString() == "null")
    }

    @Test func doublesRoundTripBitForBit() throws {
        var generator = SystemRandomNumberGenerator()
        var samples: [Double] = [.leastNonzeroMagnitude, .greatestFiniteMagnitude, .ulpOfOne, 0.1 + 0.2, 1 / 3, 123456.789, -Double.leastNormalMagnitude / 3]
        for _ in 0..<2000 {
            let bits = generator.next() as UInt64
            let d = Double(bitPattern: bits)
            if d.isFinite { samples.append(d) }
        }
        for d in samples {
            let parsed = try JSONValue(parsing: JSONValue.double(d).serialized())
            let back = try #require(parsed.double)
            #expect(back.bitPattern == d.bitPattern || (back == 0 && d == 0), "\(d)")
        }
    }

    @Test func stringEscapes() {
        #expect(JSONValue.string("a/b").serializedString() == #""a/b""#)
        #expect(JSONValue.string("é😀").serializedString() == "\"é😀\"")
        #expect(JSONValue.string("q\"b\\").serializedString() == #""q\"b\\""#)
        #expect(JSONValue.string("\n\r\t\u{8}\u{C}").serializedString() == #""\n\r\t\b\f""#)
        #expect(JSONValue.string("\u{0}\u{1F}\u{7F}").serializedString() == "\"\\u0000\\u001f\u{7F}\"")
    }

    /// The word-at-a-time scan finds a byte to escape at every position of a long clean string,
    /// beside non-ASCII bytes and the bytes just around the ones it looks for.
    @Test func anEscapeIsFoundAtEveryPosition() throws {
        let clean = Array("a!#[]^ é😀_b~{|}0123456789xyz!#[]".unicodeScalars)
        for special in ["\"", "\\", "\u{0}", "\u{1F}", "\n", "\u{7F}", "!", "#", "[", "]", " "] {
            for position in 0...clean.count {
                var scalars = clean
                scalars.insert(contentsOf: special.unicodeScalars, at: position)
                let text = String(String.UnicodeScalarView(scalars))
                let written = JSONValue.string(text).serialized()
                #expect(!written.dropFirst().dropLast().contains { $0 < 0x20 })
                #expect(try JSONValue(parsing: written) == .string(text))
                var expected: [UInt8] = []
                for scalar in text.unicodeScalars {
                    switch scalar {
                    case "\"": expected += Array(#"\""#.utf8)
                    case "\\": expected += Array(#"\\"#.utf8)
                    case "\n": expected += Array(#"\n"#.utf8)
                    case "\u{0}": expected += Array(#"\u0000"#.utf8)
                    case "\u{1F}": expected += Array(#"\u001f"#.utf8)
                    default: expected += Array(String(scalar).utf8)
                    }
                }
                #expect(written == [0x22] + expected + [0x22], "\(special) at \(position)")
            }
        }
    }

    @Test func everyControlCharacterRoundTrips() throws {
        let all = String((0..<0x80).map { Character(Unicode.Scalar(UInt8($0))) })
        let text = JSONValue.string(all).serialized()
        #expect(!text.contains { $0 < 0x20 })
        #expect(try JSONValue(parsing: text) == .string(all))
    }

    @Test func literalsAndAccessors() {
        let value: JSONValue = ["n": 3, "d": 2.0, "s": "t", "b": false, "z": nil, "a": [1]]
        #expect(value["n"]?.int == 3)
        #expect(value["n"]?.int64 == 3)
        #expect(value["d"]?.int == 2)
        #expect(value["d"]?.double == 2.0)
        #expect(value["s"]?.string == "t")
        #expect(value["b"]?.bool == false)
        #expect(value["z"]?.isNull == true)
        #expect(value["a"]?.array == [1])
        #expect(value["n"]?.string == nil)
        #expect(value.object?.count == 6)
        #expect(value.description == value.serializedString())
    }

    @Test func objectEqualityIgnoresOrderButOutputKeepsIt() {
        let ab: JSONValue = ["a": 1, "b": 2]
        let ba: JSONValue = ["b": 2, "a": 1]
        #expect(ab == ba)
        #expect(ab.hashValue == ba.hashValue)
        #expect(ab.serializedString() != ba.serializedString())
        var object = JSONObject()
        object["x"] = 1
        object["y"] = 2
        object["x"] = 3
        object["y"] = nil
        #expect(JSONValue.object(object).serializedString() == #"{"x":3}"#)
    }
}
