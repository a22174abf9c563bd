import Foundation
import CreatureCore
import RPC

/// A script for `--script`: one JSON-RPC request (or batch) per line. Blank lines are skipped, and
/// a line whose first non-blank character is `#` is a comment — never sent (no JSON-RPC message
/// starts with `#`); in the readable report it titles the step after it.
struct ScriptFile {
    /// One line to send, with the comment lines just before it.
    struct Step {
        /// The comment before the request, without its `#`, if any.
        var title: String?
        /// The request line as written.
        var line: [UInt8]
        /// The line parsed, if it is JSON.
        var request: JSONValue?
    }

    /// The steps in order.
    let steps: [Step]

    /// The script in `data`.
    init(_ data: Data) {
        var steps: [Step] = []
        var title: [String] = []
        for raw in data.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: true) {
            let line = Array(raw)
            let text = String(decoding: line, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
            if text.isEmpty { continue }
            if text.hasPrefix("#") {
                title.append(text.dropFirst().trimmingCharacters(in: .whitespaces))
                continue
            }
            steps.append(Step(title: title.isEmpty ? nil : title.joined(separator: " "), line: line,
                              request: try? JSONParser.parse(line)))
            title = []
        }
        self.steps = steps
    }
}

/// Prints a script's answers: JSON lines as they come (for programs, `--json`, or a pipe), or a
/// report for a person (on a terminal): each step's request on one line, then a short answer
/// with data URIs cut to their size, image lists counted and long arrays summarised. In colour
/// (a terminal without NO_COLOR), every PNG or SVG creature in an answer is drawn below it in
/// half blocks, side by side, on the sky of the request's seed.
final class ScriptReport {
    private let script: ScriptFile
    private let readable: Bool
    private let width: Int
    private let pictures: Bool
    private var printed = 0          // steps already shown, in order
    private var answered = 0, errors = 0

    /// A report of `script`; `readable` chooses the person's form.
    init(script: ScriptFile, readable: Bool) {
        self.script = script
        self.readable = readable
        pictures = readable && TerminalPicture.colourOnStandardOutput
        var size = winsize()
        width = ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0 && size.ws_col >= 40 ? Int(size.ws_col) : 120
    }

    /// Shows one answer line from the server (a response, or an array of them for a batch).
    func answer(_ bytes: [UInt8], _ json: JSONValue) {
        guard readable else {
            write(bytes + [UInt8(ascii: "\n")])
            return
        }
        let responses = json.array ?? [json]
        let index = stepIndex(for: responses)
        while printed < index { showRequest(script.steps[printed]); printed += 1 }
        if index < script.steps.count { showRequest(script.steps[index]); printed = index + 1 }
        for response in responses {
            answered += 1
            if let error = response["error"] {
                errors += 1
                let code = error["code"].map { "\($0)" } ?? "?"
                var text = "   ✗ error \(code): \(error["message"]?.string ?? "")"
                if let data = error["data"] { text += " " + Self.summary(data) }
                line(text)
            } else {
                line("   → " + Self.summary(response["result"] ?? .null, drawn: pictures))
                if pictures { draw(response["result"] ?? .null, request: call(answeredBy: response, step: index)) }
            }
        }
    }

    /// The call in step `index` that `response` answers (by id), if any.
    private func call(answeredBy response: JSONValue, step index: Int) -> JSONValue? {
        guard index < script.steps.count, let request = script.steps[index].request else { return nil }
        return (request.array ?? [request]).first { $0["id"] == response["id"] }
    }

    /// Draws every PNG and SVG creature image in `result`, in order, side by side; transparent
    /// cells show the sky of the request's seed (a neutral sky when the request names none).
    private func draw(_ result: JSONValue, request: JSONValue?) {
        var uris: [String] = []
        func collect(_ value: JSONValue) {
            switch value {
            case .string(let s) where s.hasPrefix("data:image/"): uris.append(s)
            case .array(let items): items.forEach(collect)
            case .object(let object): object.entries.forEach { collect($0.value) }
            default: break
            }
        }
        collect(result)
        guard !uris.isEmpty else { return }
        let params = request?["params"]
        let engine = params?["engine"]?.string.flatMap(EngineVersion.init(rawValue:)) ?? .v1
        let sky = Background.sky.backdrop(seed: params?["seed"]?.string ?? " ", engine: engine)!
        let drawn = uris.prefix(24).compactMap { uri -> TerminalPicture? in
            guard let marker = uri.range(of: ";base64,"),
                  let data = Data(base64Encoded: String(uri[marker.upperBound...])) else { return nil }
            let bytes = [UInt8](data)
            let cells = uri.hasPrefix("data:image/svg")
                ? try? PictureReader.cells(svg: String(decoding: bytes, as: UTF8.self))
                : uri.hasPrefix("data:image/png") ? try? PictureReader.cells(png: bytes) : nil
            return cells.map { TerminalPicture(cells: $0, backdrop: sky) }
        }
        for text in TerminalPicture.sideBySide(drawn, width: width - 3) { write(Array(("   " + text + "\n").utf8)) }
    }

    /// Shows the steps no answer came for (notifications) and a closing count.
    func finish() {
        guard readable else { return }
        while printed < script.steps.count { showRequest(script.steps[printed]); printed += 1 }
        line("\(answered) \(answered == 1 ? "answer" : "answers"), \(errors) \(errors == 1 ? "error" : "errors") (--json prints the JSON-RPC lines)")
    }

    /// The index of the step a response answers: the step whose request has its id, else the
    /// first step not yet shown (a parse error's answer has a null id).
    private func stepIndex(for responses: [JSONValue]) -> Int {
        if let id = responses.first?["id"], id != .null {
            for i in printed..<script.steps.count {
                let request = script.steps[i].request
                if (request?.array ?? request.map { [$0] } ?? []).contains(where: { $0["id"] == id }) { return i }
            }
        }
        return printed
    }

    private func showRequest(_ step: ScriptFile.Step) {
        if let title = step.title { line("# " + title) }
        guard let request = step.request else {
            line("•  " + String(decoding: step.line, as: UTF8.self))
            return
        }
        for (n, call) in (request.array ?? [request]).enumerated() {
            let marker = call["id"] == nil ? "•" : "\(call["id"].map { "\($0)" } ?? "")"
            var text = (n == 0 ? "" : "  ") + "\(marker) \(call["method"]?.string ?? "(no method)")"
            if let params = call["params"] { text += " " + Self.summary(params) }
            line(text)
        }
    }

    // MARK: short forms

    /// `value` on one line for a person: data URIs cut, long strings and arrays shortened.
    static func summary(_ value: JSONValue, depth: Int = 0, drawn: Bool = false) -> String {
        switch value {
        case .string(let s): return shortString(s, drawn: drawn)
        case .array(let items):
            if items.isEmpty { return "[]" }
            let images = items.compactMap { $0.string.flatMap(dataURIBytes) }
            if images.count == items.count {
                return "[\(images.count) \(images.count == 1 ? "image" : "images"), \(images.reduce(0, +).formatted()) bytes]"
            }
            if depth >= 2 { return "[… \(items.count) items]" }
            let shown = items.prefix(items.count > 3 ? 2 : 3).map { summary($0, depth: depth + 1, drawn: drawn) }
            let more = items.count > shown.count ? ", … \(items.count - shown.count) more (\(items.count) items)" : ""
            return "[" + shown.joined(separator: ", ") + more + "]"
        case .object(let object):
            if object.isEmpty { return "{}" }
            if depth >= 3 { return "{…}" }
            return "{" + object.entries.map { "\($0.key): \(summary($0.value, depth: depth + 1, drawn: drawn))" }.joined(separator: ", ") + "}"
        default: return value.serializedString()
        }
    }

    /// A string quoted, a data URI as `data:image/png;base64,… (363 bytes)` (or, when `drawn`,
    /// an image drawn below as `image/png, 363 bytes ↓`), a long one cut.
    static func shortString(_ s: String, drawn: Bool = false) -> String {
        if drawn, let bytes = dataURIBytes(s), s.hasPrefix("data:image/png") || s.hasPrefix("data:image/svg"),
           let semicolon = s.firstIndex(of: ";") {
            return "\(s[s.index(s.startIndex, offsetBy: 5)..<semicolon]), \(bytes.formatted()) bytes ↓"
        }
        if let bytes = dataURIBytes(s), let comma = s.firstIndex(of: ",") {
            return "\"\(s[...comma])… (\(bytes.formatted()) bytes)\""
        }
        if s.count > 60 { return JSONValue.string(String(s.prefix(48))).serializedString().dropLast() + "… (\(s.count) characters)\"" }
        return JSONValue.string(s).serializedString()
    }

    /// The decoded size of a base64 data URI, nil for any other string.
    static func dataURIBytes(_ s: String) -> Int? {
        guard s.hasPrefix("data:"), let marker = s.range(of: ";base64,") else { return nil }
        let payload = s[marker.upperBound...].utf8
        let padding = payload.reversed().prefix { $0 == UInt8(ascii: "=") }.count
        return payload.count / 4 * 3 - padding
    }

    /// Prints `text` cut to the terminal's width.
    private func line(_ text: String) {
        let cut = text.count > width ? String(text.prefix(width - 1)) + "…" : text
        write(Array((cut + "\n").utf8))
    }

    private func write(_ bytes: [UInt8]) { try? OutputFile.writeAll(bytes, to: STDOUT_FILENO, path: "standard output") }
}
