// libFuzzer target: the strict JSON parser (Sources/JSON/JSONParser.swift).
// Built by scripts/fuzz.sh together with the JSON*.swift transport files.
//
// Checks, besides "never crashes, never hangs":
// - an accepted text serializes to compact JSON that parses back to an equal value, and
//   serializing that value again gives the same bytes (the output is canonical);
// - a text nested deeper than the limit is refused, never half-parsed.

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let buffer = UnsafeRawBufferPointer(start: data, count: size)
    guard let value = try? JSONParser.parse(buffer) else { return 0 }
    let text = JSONSerializer.bytes(value)
    let again: JSONValue
    do {
        again = try JSONParser.parse(text)
    } catch {
        fatalError("serialized output does not parse: \(error) in \(String(decoding: text, as: UTF8.self))")
    }
    guard again == value else {
        fatalError("round trip changed the value: \(String(decoding: text, as: UTF8.self))")
    }
    guard JSONSerializer.bytes(again) == text else {
        fatalError("serializing twice gave different bytes: \(String(decoding: text, as: UTF8.self))")
    }
    // A tighter depth limit refuses exactly the values nested deeper than it.
    let depth = nesting(value)
    if depth > 0, (try? JSONParser.parse(text, maxDepth: depth - 1)) != nil {
        fatalError("a value nested \(depth) deep was accepted with maxDepth \(depth - 1)")
    }
    if (try? JSONParser.parse(text, maxDepth: depth)) != value {
        fatalError("a value nested \(depth) deep was refused with maxDepth \(depth)")
    }
    return 0
}

/// How many arrays and objects deep `value` is nested (a scalar is 0).
private func nesting(_ value: JSONValue) -> Int {
    switch value {
    case .array(let elements): return 1 + (elements.map(nesting).max() ?? 0)
    case .object(let object): return 1 + (object.map { nesting($0.value) }.max() ?? 0)
    default: return 0
    }
}
