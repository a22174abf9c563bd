// libFuzzer target: the strict ISO 8601 parser and formatter (`ISO8601Timestamp`,
// Sources/FonsterStore/ISO8601.swift). Built by scripts/fuzz.sh against the FonsterStore and
// CreatureCore modules.
//
// Checks, besides "never crashes, never hangs":
// - an accepted text has the strict shape: at most 64 bytes, offset within ±14:00;
// - formatting the parsed instant at its offset gives text that parses to the same offset,
//   and formatting is a fixed point after one round (milliseconds and nanoseconds);
// - a text already in canonical form (3 fraction digits) formats back to itself.
import Foundation
import FonsterStore

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    guard let parsed = try? ISO8601Timestamp.parse(text) else { return 0 }
    guard text.utf8.count <= 64, abs(parsed.offsetSeconds) <= ISO8601Timestamp.maxOffsetSeconds else {
        fatalError("accepted \(text) with offset \(parsed.offsetSeconds)")
    }
    for digits in [0, 3, 9] {
        let once = ISO8601Timestamp.format(parsed.date, offsetSeconds: parsed.offsetSeconds, fractionDigits: digits)
        let reparsed: (date: Date, offsetSeconds: Int)
        do { reparsed = try ISO8601Timestamp.parse(once) } catch {
            fatalError("\(text) formats as \(once), which does not parse: \(error.reason)")
        }
        guard reparsed.offsetSeconds == parsed.offsetSeconds else {
            fatalError("\(text) formats as \(once): the offset changed")
        }
        let twice = ISO8601Timestamp.format(reparsed.date, offsetSeconds: reparsed.offsetSeconds, fractionDigits: digits)
        guard twice == once else { fatalError("\(text) formats as \(once), then as \(twice)") }
    }
    if isCanonical(text) {
        let again = ISO8601Timestamp.format(parsed.date, offsetSeconds: parsed.offsetSeconds, fractionDigits: 3)
        guard again == text else { fatalError("\(text) formats back as \(again)") }
    }
    return 0
}

/// Whether `text` is written as `format` writes it with 3 fraction digits: `….sss` then `Z` or a
/// non-zero `±hh:mm`.
private func isCanonical(_ text: String) -> Bool {
    let b = Array(text.utf8)
    guard b.count >= 24, b[19] == UInt8(ascii: "."), b[20...22].allSatisfy({ $0 >= 48 && $0 <= 57 }) else { return false }
    if b.count == 24 { return b[23] == UInt8(ascii: "Z") }
    return b.count == 29 && (b[23] == UInt8(ascii: "+") || b[23] == UInt8(ascii: "-"))
        && !b[24...].elementsEqual("00:00".utf8)
}
