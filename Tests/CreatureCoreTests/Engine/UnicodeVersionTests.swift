import Foundation
import Testing
import TestSupport
@testable import CreatureCore

/// docs/engine.md §1: every character property the engine reads is Unicode 15.1's, whatever the
/// toolchain carries. Each property is compared, for every code point, with the general
/// categories of Unicode 15.1 (`Tests/Fixtures/unicode-15.1.json`, written by
/// `scripts/unicode-fixture.py` from the `unicodedata2` package of that version), so that every
/// place where the toolchain's newer data differs is handled on purpose.
@Suite(.offTheCooperativeThreads) struct UnicodeVersionTests {
    struct Fixture: Decodable { let version: String; let categories: [String: [[UInt32]]] }

    /// The Unicode 15.1 general category ranges by name ("Mn", "Me", "Mc", "Nd", "Zs").
    static let categories: [String: [ClosedRange<UInt32>]] = {
        guard let fixture = try? Fixtures.golden("../unicode-15.1.json", as: Fixture.self) else { return [:] }
        return fixture.categories.mapValues { $0.map { $0[0]...$0[1] } }
    }()

    /// For every code point, bit k set when it is in the k-th of `names`.
    static let names = ["Mn", "Me", "Mc", "Nd", "Zs"]
    static let table: [UInt8] = {
        var table = [UInt8](repeating: 0, count: 0x110000)
        for (k, name) in names.enumerated() {
            for range in categories[name, default: []] { for v in range { table[Int(v)] |= 1 << k } }
        }
        return table
    }()

    static func category(_ name: String, contains v: UInt32) -> Bool {
        table[Int(v)] & (1 << names.firstIndex(of: name)!) != 0
    }

    /// Other_Grapheme_Extend of Unicode 15.1 (PropList.txt) and the emoji modifiers: extenders
    /// outside Mn and Me.
    static func isOtherExtender(_ v: UInt32) -> Bool {
        Graphemes.unicode15SpacingExtenders.contains(v) || v == 0x200C || (0xFF9E...0xFF9F).contains(v)
            || (0xE0020...0xE007F).contains(v) || (0x1F3FB...0x1F3FF).contains(v)
    }

    static var scalars: some Sequence<Unicode.Scalar> { (0...0x10FFFF).lazy.compactMap(Unicode.Scalar.init) }

    @Test func fixtureIsUnicode15_1() {
        #expect(Self.categories.keys.sorted() == ["Mc", "Me", "Mn", "Nd", "Zs"])
        #expect(Self.category("Mn", contains: 0x1171E), "U+1171E was a nonspacing mark in 15.1")
    }

    @Test func extendersAreUnicode15_1s() {
        var wrong: [String] = [], toolchainDiffers = 0
        for scalar in Self.scalars {
            let v = scalar.value
            let expected = Self.category("Mn", contains: v) || Self.category("Me", contains: v) || Self.isOtherExtender(v)
            if Graphemes.isExtender(scalar) != expected { wrong.append(String(v, radix: 16, uppercase: true)) }
            if (scalar.properties.isGraphemeExtend || scalar.properties.isEmojiModifier) != expected { toolchainDiffers += 1 }
        }
        #expect(wrong.isEmpty, "not as Unicode 15.1: U+\(wrong.prefix(20).joined(separator: " U+")) (\(wrong.count))")
        // The toolchain's own data differs on some code points: the table above is what keeps them 15.1's.
        #expect(toolchainDiffers > 0)
    }

    @Test func digitsAreUnicode15_1s() {
        var wrong: [String] = []
        for scalar in Self.scalars where Keywords.isDigit(scalar) != Self.category("Nd", contains: scalar.value) {
            wrong.append(String(scalar.value, radix: 16, uppercase: true))
        }
        #expect(wrong.isEmpty, "not as Unicode 15.1: U+\(wrong.prefix(20).joined(separator: " U+")) (\(wrong.count))")
    }

    @Test func whitespaceIsZsOf15_1PlusTabAndZeroWidthSpace() {
        var wrong: [String] = []
        for scalar in Self.scalars {
            let v = scalar.value
            if Seeds.isWhitespace(scalar) != (Self.category("Zs", contains: v) || v == 0x09 || v == 0x200B) {
                wrong.append(String(v, radix: 16, uppercase: true))
            }
        }
        #expect(wrong.isEmpty, "not as Unicode 15.1: U+\(wrong.prefix(20).joined(separator: " U+"))")
    }

    /// The example: U+1171E is an extender in 15.1 (a spacing mark in Unicode 16), so
    /// "moon\u{1171E}" holds no "moon" and shows no moon by keyword.
    @Test func ahomMedialRaExtendsTheWordBeforeIt() {
        #expect(!Keywords("moon\u{1171E}").contains("moon"))
        #expect(Keywords("moon\u{1171E} ").contains("moon") == false)
        #expect(Keywords("moon \u{1171E}").contains("moon"))
    }
}
