import Testing
import TestSupport
@testable import FonsterDocument

/// The text model: lines and breaks read back byte for byte, positions in UTF-16 and UTF-8 land
/// on the same places (emoji, combining marks), incremental edits agree with editing the whole
/// string, and bad ranges change nothing.
@Suite(.offTheCooperativeThreads) struct DocumentTextTests {
    @Test(arguments: ["", "a", "a\n", "a\r\nb", "a\rb\n\n", "\r\n\r\n", "x\r", "🦊\ne\u{301}\r\nz"])
    func textReadsBackByteForByte(text: String) {
        let document = DocumentText(text)
        #expect(document.text == text)
        #expect(document.byteCount == text.utf8.count)
        #expect(document.lineCount == text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r" || $0 == "\r\n" }).count)
    }

    @Test func emojiAndCombiningMarksCountTwoAndOneInUTF16AndFourAndTwoInUTF8() throws {
        // "a🦊e\u{301}b": a(1|1) 🦊(2|4) e(1|1) ◌́(1|2) b(1|1)
        let document = DocumentText("a🦊e\u{301}b")
        #expect(document.length(ofLine: 0, .utf16) == 6)
        #expect(document.length(ofLine: 0, .utf8) == 9)
        // Before "b": 5 UTF-16 units, 8 UTF-8 bytes.
        #expect(try document.convert(TextPosition(line: 0, character: 5), from: .utf16, to: .utf8) == TextPosition(line: 0, character: 8))
        #expect(try document.convert(TextPosition(line: 0, character: 8), from: .utf8, to: .utf16) == TextPosition(line: 0, character: 5))
        // Between "e" and its combining mark: a place of its own in both.
        #expect(try document.convert(TextPosition(line: 0, character: 4), from: .utf16, to: .utf8) == TextPosition(line: 0, character: 6))
        // Inside the fox (the middle of its surrogate pair, or of its four bytes): its start.
        #expect(try document.convert(TextPosition(line: 0, character: 2), from: .utf16, to: .utf8) == TextPosition(line: 0, character: 1))
        #expect(try document.convert(TextPosition(line: 0, character: 3), from: .utf8, to: .utf16) == TextPosition(line: 0, character: 1))
        // Past the end of the line: its end.
        #expect(try document.convert(TextPosition(line: 0, character: 99), from: .utf16, to: .utf8) == TextPosition(line: 0, character: 9))
    }

    @Test(arguments: PositionEncoding.allCases)
    func insertingBetweenABaseAndItsCombiningMarkKeepsBoth(encoding: PositionEncoding) throws {
        var document = DocumentText("e\u{301}")
        try document.replace(TextRange(line: 0, from: 1, to: 1), with: "x", encoding)
        #expect(document.text == "ex\u{301}")
        var fox = DocumentText("🦊🐙")
        let afterFox = encoding.length("🦊")
        try fox.replace(TextRange(line: 0, from: afterFox, to: afterFox), with: "-", encoding)
        #expect(fox.text == "🦊-🐙")
    }

    @Test func aBreakTypedBetweenCRAndTheNextLineJoinsIntoOneCRLF() throws {
        var document = DocumentText("a\rb")
        try document.replace(TextRange(line: 1, from: 0, to: 0), with: "\n", .utf16)
        #expect(document.lines == ["a", "b"])
        #expect(document == DocumentText(document.text))
        #expect(document.text == "a\r\nb")
    }

    @Test func editsThatSpanLinesAgreeWithEditingTheString() throws {
        var document = DocumentText("one\ntwo\nthree\n")
        let change = try document.replace(TextRange(start: TextPosition(line: 0, character: 1), end: TextPosition(line: 2, character: 2)), with: "X\nY", .utf16)
        #expect(document.text == "oX\nYree\n")
        #expect(change.removed == 0..<3 && change.inserted == 0..<2)
        try document.replace(TextRange(line: 2, from: 0, to: 0), with: "last", .utf16)
        #expect(document.text == "oX\nYree\nlast")
        // One past the last line, at 0: the end of the document.
        try document.replace(TextRange(line: 3, from: 0, to: 0), with: "!", .utf16)
        #expect(document.text == "oX\nYree\nlast!")
        try document.replace(nil, with: "whole", .utf16)
        #expect(document.text == "whole" && document.lineCount == 1)
    }

    /// Random edits in both encodings against the same edits on an array of scalars.
    @Test(arguments: PositionEncoding.allCases)
    func randomEditsMatchAScalarModel(encoding: PositionEncoding) throws {
        let pieces: [String] = ["a", "é", "e\u{301}", "🦊", "👩‍💻", "\n", "\r\n", "\r", "#", "\\", " ", "中"]
        var rng = SplitMix(seed: encoding == .utf16 ? 7 : 11)
        var document = DocumentText("")
        var model = ""
        for _ in 0..<2_000 {
            let lines = DocumentText(model).lines
            func randomPosition() -> TextPosition {
                let line = rng.next(lines.count)
                return TextPosition(line: line, character: rng.next(encoding.length(lines[line]) + 2))
            }
            var (a, b) = (randomPosition(), randomPosition())
            if (b.line, b.character) < (a.line, a.character) { swap(&a, &b) }
            var insert = ""
            for _ in 0..<rng.next(4) { insert += pieces[rng.next(pieces.count)] }
            // The model: flat offsets of scalars.
            let flatA = Self.flat(lines, DocumentText(model), a, encoding), flatB = Self.flat(lines, DocumentText(model), b, encoding)
            var scalars = Array(model.unicodeScalars)
            if flatA <= flatB {
                scalars.replaceSubrange(flatA..<flatB, with: Array(insert.unicodeScalars))
                model = String(String.UnicodeScalarView(scalars))
                try document.replace(TextRange(start: a, end: b), with: insert, encoding)
                #expect(document.text == model)
                #expect(document == DocumentText(model), "the lines are those of the text read afresh")
                #expect(document.byteCount == model.utf8.count)
            }
        }
    }

    /// The scalar offset in the whole text of `position` (rounded as the document rounds).
    static func flat(_ lines: [String], _ text: DocumentText, _ position: TextPosition, _ encoding: PositionEncoding) -> Int {
        var offset = 0
        for n in 0..<position.line { offset += lines[n].unicodeScalars.count + (text.endings[n] == .crlf ? 2 : text.endings[n] == .none ? 0 : 1) }
        let index = DocumentText.index(in: lines[position.line], character: position.character, encoding)
        return offset + lines[position.line].unicodeScalars.distance(from: lines[position.line].startIndex, to: index)
    }

    @Test func impossibleRangesAndOversizedTextsAreRefusedAndChangeNothing() throws {
        var document = DocumentText("a\nb")
        let before = document
        #expect(throws: DocumentError.self) { try document.replace(TextRange(line: 5, from: 0, to: 0), with: "x", .utf16) }
        #expect(throws: DocumentError.self) { try document.replace(TextRange(line: 0, from: -1, to: 0), with: "x", .utf16) }
        #expect(throws: DocumentError.self) {
            try document.replace(TextRange(start: TextPosition(line: 1, character: 0), end: TextPosition(line: 0, character: 0)), with: "x", .utf16)
        }
        var limits = DocumentLimits()
        limits.maxBytes = 10
        limits.maxLines = 3
        let tooBig = #expect(throws: DocumentError.self) { try document.replace(nil, with: String(repeating: "x", count: 11), .utf16, limits: limits) }
        #expect(tooBig?.kind == .tooLarge)
        #expect(throws: DocumentError.self) { try document.replace(TextRange(line: 0, from: 0, to: 0), with: "\n\n", .utf16, limits: limits) }
        #expect(document == before)
    }
}

/// A small deterministic generator for the random tests.
struct SplitMix {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next(_ bound: Int) -> Int {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return Int((z ^ (z >> 31)) % UInt64(max(1, bound)))
    }
}
