// libFuzzer target: a document's incremental edits and position conversion
// (Sources/FonsterDocument/DocumentText.swift, TextPosition.swift). Built by scripts/fuzz.sh from
// those files alone.
//
// The input is a text, then edits: each a byte choosing the encoding (UTF-16 or UTF-8), four
// little numbers (start line and character, end line and character) and the text to put there.
// Checks, besides "never crashes, never hangs":
// - every edit the document takes is the same edit on a flat array of Unicode scalars (its text
//   after is that array's), and its lines, breaks and byte count are those of its text read afresh;
// - an edit it refuses (a line past the end, a range ending before it starts, over the limits)
//   leaves it exactly as it was;
// - a position converted from one encoding to the other and back lands where converting it once
//   did (positions inside a character round down to its start).
import Foundation

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    var bytes = Array(UnsafeBufferPointer(start: data, count: size))
    // The first text runs to the first 0 byte.
    let split = bytes.firstIndex(of: 0) ?? bytes.count
    let initial = String(decoding: bytes[..<split], as: UTF8.self)
    bytes = Array(bytes[min(bytes.count, split + 1)...])
    var limits = DocumentLimits()
    limits.maxBytes = 4_096
    limits.maxLines = 64
    var document = DocumentText("")
    guard (try? document.replace(nil, with: initial, .utf16, limits: limits)) != nil else { return 0 }
    var model = Array(initial.unicodeScalars)
    var i = 0
    func next() -> Int {
        defer { i += 1 }
        return i < bytes.count ? Int(bytes[i]) : 0
    }
    while i < bytes.count {
        let encoding: PositionEncoding = next() & 1 == 0 ? .utf16 : .utf8
        let start = TextPosition(line: next() % 70 - 2, character: next() - 8)
        let end = TextPosition(line: next() % 70 - 2, character: next() - 8)
        let length = next() % 16
        let insert = String(decoding: bytes[min(i, bytes.count)..<min(i + length, bytes.count)], as: UTF8.self)
        i += length
        checkConversion(document, start)
        let before = document
        do {
            try document.replace(TextRange(start: start, end: end), with: insert, encoding, limits: limits)
        } catch {
            guard document == before else { fatalError("a refused edit changed the document") }
            continue
        }
        guard let from = flat(model, start, encoding), let to = flat(model, end, encoding), from <= to else {
            fatalError("the document took the edit \(start)-\(end), which the model calls impossible")
        }
        model.replaceSubrange(from..<to, with: Array(insert.unicodeScalars))
        let text = String(String.UnicodeScalarView(model))
        guard document.text == text else { fatalError("after an edit the text is \(document.text.debugDescription), the model's \(text.debugDescription)") }
        guard document == DocumentText(text), document.byteCount == text.utf8.count else { fatalError("the lines are not those of the text read afresh") }
    }
    return 0
}

/// The flat scalar offset of `position` in `scalars`, rounding as LSP says (a character past the
/// line's end is its end; one inside a scalar is its start; the line after the last, at 0, the
/// end); nil for a line past that or a negative number.
func flat(_ scalars: [Unicode.Scalar], _ position: TextPosition, _ encoding: PositionEncoding) -> Int? {
    guard position.line >= 0, position.character >= 0 else { return nil }
    // Line starts: after \n, after \r not followed by \n.
    var starts = [0]
    var k = 0
    while k < scalars.count {
        if scalars[k] == "\r", k + 1 < scalars.count, scalars[k + 1] == "\n" { k += 2; starts.append(k); continue }
        if scalars[k] == "\n" || scalars[k] == "\r" { starts.append(k + 1) }
        k += 1
    }
    if position.line == starts.count { return scalars.count }
    guard position.line < starts.count else { return nil }
    var offset = starts[position.line], remaining = position.character
    while offset < scalars.count, scalars[offset] != "\n", scalars[offset] != "\r" {
        let width = encoding == .utf16 ? scalars[offset].utf16.count : scalars[offset].utf8.count
        if remaining < width { break }
        remaining -= width
        offset += 1
    }
    return offset
}

/// Converting `position` to the other encoding and back lands where one conversion did.
func checkConversion(_ document: DocumentText, _ position: TextPosition) {
    for (a, b) in [(PositionEncoding.utf16, PositionEncoding.utf8), (.utf8, .utf16)] {
        guard let once = try? document.convert(position, from: a, to: b) else { continue }
        guard let back = try? document.convert(once, from: b, to: a),
              let again = try? document.convert(back, from: a, to: b), again == once else {
            fatalError("\(position) in \(a) is \(once) in \(b), but not after a round trip")
        }
    }
}
