/// A framing problem in the input stream. Each one is answered with a parse error (id `null`);
/// the decoder then finds the next message and goes on.
public struct FramingError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What is wrong, e.g. "header line longer than 8192 bytes".
    public var message: String

    /// A framing error.
    public init(_ message: String) {
        self.message = message
    }

    /// The message.
    public var description: String { message }
}

/// What the decoder found in the bytes fed so far.
public enum FrameEvent: Sendable, Hashable {
    /// One complete message body (not yet parsed as JSON).
    case message([UInt8])
    /// A framing error; the stream continues unless it is fatal.
    case error(FramingError)
}

/// Size limits applied while decoding.
public struct FrameLimits: Sendable, Hashable {
    /// The longest header line accepted, in bytes (without its line terminator).
    public var maxHeaderLine: Int
    /// The largest message body (Content-Length) or NDJSON line accepted, in bytes.
    public var maxMessage: Int

    /// Limits with the defaults: 8 KiB header lines, 64 MiB messages.
    public init(maxHeaderLine: Int = ServerLimits.maxHeaderLineBytes, maxMessage: Int = ServerLimits.maxMessageBytes) {
        self.maxHeaderLine = maxHeaderLine
        self.maxMessage = maxMessage
    }
}

/// An incremental decoder from a byte stream to message bodies. Feed it chunks of any size
/// (one byte at a time works); it never buffers more than one header line or one message.
///
/// Framing is detected from the first line: a header name followed by `:` (`Content-Length: N`)
/// means LSP headers; anything else (`{`, `[`, `null`, `true`, garbage) newline-delimited JSON.
///
/// A UTF-8 byte order mark at the very start of the stream is skipped.
///
/// Header framing: lines end with `\r\n` (a bare `\n` is tolerated); names are
/// case-insensitive; headers other than Content-Length are ignored; blank lines between
/// messages are skipped. Error handling:
/// - header line over the limit: reported at once and discarded as it streams by (never buffered);
/// - malformed header line (no `:`), or bad/conflicting Content-Length value: reported;
/// - after such a header error, if the block still had a valid Content-Length, that body is
///   skipped and decoding resumes with the next message;
/// - a header block without (a usable) Content-Length: reported; the body's end is unknown, so
///   the decoder skips ahead to the next `Content-Length:` (any case) and resumes there;
/// - a body over the limit: reported, then skipped without buffering; decoding resumes;
/// - a bare `\r` (not followed by `\n`) in a header: reported; skipped ahead to the next
///   `Content-Length:` as for a missing length;
/// - a line starting with `{` or `[` where a header block should start (a newline-delimited
///   message on a Content-Length connection): reported; the next block is read normally.
///
/// NDJSON: blank lines are skipped, a trailing `\r` is dropped, a line over the limit is
/// reported and skipped; a final line without `\n` is delivered at end of input.
public struct FrameDecoder: Sendable {
    private enum State: Sendable {
        case detecting
        case headers
        case body(remaining: Int)
        case skipBody(remaining: Int)
        case lines
        case resync(matched: Int)
        case closed
    }

    /// A UTF-8 byte order mark.
    private static let byteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]

    /// What resynchronisation looks for, lower-case.
    private static let headerName = Array("content-length:".utf8)

    /// The limits in force.
    public let limits: FrameLimits
    /// The framing in use: fixed at creation, or detected from the first byte.
    public private(set) var framing: Framing?

    private var state: State
    /// The first line's leading name characters while the framing is still unknown.
    private var detectPrefix: [UInt8] = []
    /// How many bytes of a UTF-8 byte order mark (EF BB BF) opened the stream so far.
    private var bomMatched = 0
    /// Whether anything but a byte order mark has arrived yet.
    private var streamStarted = false
    private var line: [UInt8] = []
    private var discardingLine = false
    private var body: [UInt8] = []
    // Header-block state.
    private var sawHeader = false
    private var contentLength: Int? = nil
    private var lengthUnusable = false
    private var blockRejected = false

    /// A decoder that detects the framing (`framing == nil`) or uses the one given.
    public init(framing: Framing? = nil, limits: FrameLimits = FrameLimits()) {
        self.limits = limits
        self.framing = framing
        switch framing {
        case nil: state = .detecting
        case .contentLength?: state = .headers
        case .newlineDelimited?: state = .lines
        }
    }

    /// The bytes it holds of a message not yet whole (those received).
    public var bufferedBytes: Int { line.count + body.count + detectPrefix.count }

    /// Whether the input has ended (further input is ignored).
    public var isClosed: Bool {
        if case .closed = state { return true }
        return false
    }

    /// Feeds `bytes` and returns what they completed.
    public mutating func feed(_ bytes: [UInt8]) -> [FrameEvent] {
        var events: [FrameEvent] = []
        bytes.withUnsafeBufferPointer { feed($0, into: &events) }
        return events
    }

    /// Whether `byte` may appear in a header name (an RFC 7230 token character, letters and
    /// digits and `-` in practice).
    private static func isTokenByte(_ byte: UInt8) -> Bool {
        (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z")
            || byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
            || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "_")
    }

    /// Fixes the framing and replays the bytes held back while detecting.
    private mutating func decide(_ detected: Framing, events: inout [FrameEvent]) {
        framing = detected
        state = detected == .contentLength ? .headers : .lines
        let held = detectPrefix
        detectPrefix = []
        held.withUnsafeBufferPointer { feed($0, into: &events) }
    }

    /// Feeds `bytes`, appending completed messages and errors to `events`.
    public mutating func feed(_ bytes: UnsafeBufferPointer<UInt8>, into events: inout [FrameEvent]) {
        var i = 0
        let n = bytes.count
        while i < n {
            switch state {
            case .closed:
                return
            case .detecting:
                let byte = bytes[i]
                if !streamStarted && bomMatched < 3 && byte == FrameDecoder.byteOrderMark[bomMatched] {
                    bomMatched += 1  // a byte order mark at the start of the stream is skipped
                    i += 1
                    continue
                }
                if !streamStarted && bomMatched > 0 && bomMatched < 3 {
                    // Not a byte order mark after all: those bytes are the start of the input.
                    detectPrefix = Array(FrameDecoder.byteOrderMark.prefix(bomMatched))
                    streamStarted = true
                    decide(.newlineDelimited, events: &events)
                    continue
                }
                streamStarted = true
                if detectPrefix.isEmpty && (byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D) {
                    i += 1
                } else if FrameDecoder.isTokenByte(byte) && detectPrefix.count < limits.maxHeaderLine {
                    // A header name so far (`Content-Length`), or a JSON literal (`null`, `true`).
                    detectPrefix.append(byte)
                    i += 1
                } else {
                    decide(byte == UInt8(ascii: ":") && !detectPrefix.isEmpty ? .contentLength : .newlineDelimited, events: &events)
                }
            case .resync(var matched):
                let pattern = FrameDecoder.headerName
                while i < n && matched < pattern.count {
                    var b = bytes[i]
                    if b >= UInt8(ascii: "A") && b <= UInt8(ascii: "Z") { b |= 0x20 }
                    matched = b == pattern[matched] ? matched + 1 : (b == pattern[0] ? 1 : 0)
                    i += 1
                }
                if matched == pattern.count {
                    startHeaderBlock()
                    line = Array("Content-Length:".utf8)
                } else {
                    state = .resync(matched: matched)
                }
            case .headers:
                if !discardingLine, let bareCR = FrameDecoder.bareCarriageReturn(bytes, from: i, line: line, limit: limits.maxHeaderLine) {
                    // A `\r` not followed by `\n`: where this header ends is unknown, so the
                    // block is dropped and reading goes on at the next `Content-Length:`.
                    line = []
                    discardingLine = false
                    events.append(.error(FramingError("a header line ends in a bare \\r (lines must end with \\r\\n); skipping to the next message")))
                    state = .resync(matched: 0)
                    i = bareCR
                    continue
                }
                i = consumeLine(bytes, from: i, limit: limits.maxHeaderLine, events: &events) { decoder, line, events in
                    decoder.headerLine(line, events: &events)
                } overflow: { decoder, events in
                    decoder.blockRejected = true
                    decoder.sawHeader = true
                    events.append(.error(FramingError("header line longer than \(decoder.limits.maxHeaderLine) bytes")))
                }
            case .body(let remaining):
                let take = min(remaining, n - i)
                body.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[i..<(i + take)]))
                i += take
                if take == remaining {
                    events.append(.message(body))
                    body = []
                    startHeaderBlock()
                } else {
                    state = .body(remaining: remaining - take)
                }
            case .skipBody(let remaining):
                let take = min(remaining, n - i)
                i += take
                if take == remaining { startHeaderBlock() } else { state = .skipBody(remaining: remaining - take) }
            case .lines:
                i = consumeLine(bytes, from: i, limit: limits.maxMessage, events: &events) { _, line, events in
                    if !isBlank(line) { events.append(.message(line)) }
                } overflow: { decoder, events in
                    events.append(.error(FramingError("line longer than \(decoder.limits.maxMessage) bytes")))
                }
            }
        }
    }

    /// Signals end of input. Returns any last message (an NDJSON line without `\n`) and,
    /// when the input stopped mid-message, a note for the log.
    public mutating func finish() -> (events: [FrameEvent], note: String?) {
        if case .detecting = state, !detectPrefix.isEmpty {
            var events: [FrameEvent] = []
            decide(.newlineDelimited, events: &events)
            let (more, note) = finish()
            return (events + more, note)
        }
        defer { state = .closed }
        switch state {
        case .detecting, .closed:
            return ([], nil)
        case .headers:
            if sawHeader || !line.isEmpty || discardingLine {
                return ([], "end of input inside a message header")
            }
            return ([], nil)
        case .body(let remaining):
            let expected = body.count + remaining
            return ([], "end of input in the middle of a message body (\(body.count) of \(expected) bytes)")
        case .skipBody(let remaining):
            return ([], "end of input while skipping a rejected message body (\(remaining) bytes missing)")
        case .resync:
            return ([], "end of input while looking for the next Content-Length header")
        case .lines:
            if discardingLine { return ([], "end of input inside an over-long line") }
            var last = line
            if last.last == 0x0D { last.removeLast() }
            // The line buffer may hold one byte over the limit, in case it was a `\r`.
            if last.count > limits.maxMessage {
                return ([.error(FramingError("line longer than \(limits.maxMessage) bytes"))], nil)
            }
            return (isBlank(last) ? [] : [.message(last)], nil)
        }
    }

    // MARK: - Lines

    /// Consumes bytes up to and including the next `\n`, handing the completed line
    /// (without `\r\n`) to `complete`, or discarding it once it exceeds `limit`.
    private mutating func consumeLine(
        _ bytes: UnsafeBufferPointer<UInt8>, from start: Int, limit: Int, events: inout [FrameEvent],
        complete: (inout FrameDecoder, [UInt8], inout [FrameEvent]) -> Void,
        overflow: (inout FrameDecoder, inout [FrameEvent]) -> Void
    ) -> Int {
        let n = bytes.count
        var newline = start
        while newline < n && bytes[newline] != 0x0A { newline += 1 }
        let found = newline < n
        if discardingLine {
            if found { discardingLine = false }
            return found ? newline + 1 : n
        }
        let chunk = UnsafeBufferPointer(rebasing: bytes[start..<newline])
        // The limit excludes the terminator, so a full-length line may carry one more byte: its `\r`.
        let total = line.count + chunk.count
        let lastByte = chunk.last ?? line.last
        if total > limit + 1 || (found && total == limit + 1 && lastByte != 0x0D) {
            line = []
            discardingLine = !found
            overflow(&self, &events)
            return found ? newline + 1 : n
        }
        if !found {
            line.append(contentsOf: chunk)
            return n
        }
        var completed: [UInt8]
        if line.isEmpty {
            completed = Array(chunk)
        } else {
            line.append(contentsOf: chunk)
            completed = line
            line = []
        }
        if completed.last == 0x0D { completed.removeLast() }
        complete(&self, completed, &events)
        return newline + 1
    }

    // MARK: - Headers

    /// Where reading goes on after a bare `\r` (one not followed by `\n`) in the header line
    /// that continues at `start` (`line` holds its bytes so far), or nil when it has none so far.
    /// Only the line's first `limit + 1` bytes count: past them the line is discarded as too
    /// long anyway, so how the input is split into chunks never changes the outcome.
    private static func bareCarriageReturn(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int,
                                           line: [UInt8], limit: Int) -> Int? {
        let n = bytes.count
        if line.last == 0x0D && start < n && bytes[start] != 0x0A { return start }
        var j = start
        while j < n && bytes[j] != 0x0A && line.count + (j - start) <= limit {
            if bytes[j] == 0x0D && j + 1 < n && bytes[j + 1] != 0x0A { return j + 1 }
            j += 1
        }
        return nil
    }

    private mutating func startHeaderBlock() {
        state = .headers
        sawHeader = false
        contentLength = nil
        lengthUnusable = false
        blockRejected = false
    }

    private mutating func headerLine(_ line: [UInt8], events: inout [FrameEvent]) {
        if line.isEmpty {
            if sawHeader { endHeaderBlock(events: &events) }
            return // blank lines before a header block are skipped
        }
        if !sawHeader, let first = line.first(where: { $0 != 0x20 && $0 != 0x09 }),
           first == UInt8(ascii: "{") || first == UInt8(ascii: "[") {
            // A newline-delimited message where a header block should start: answered with an
            // error, not taken for a header; the next block is read normally.
            events.append(.error(FramingError("a JSON message without a Content-Length header: this connection uses Content-Length framing (detected from its first "
                + "message), so every message needs its header")))
            return
        }
        sawHeader = true
        guard let colon = line.firstIndex(of: UInt8(ascii: ":")) else {
            blockRejected = true
            events.append(.error(FramingError("malformed header line (no ':'): \(preview(line))")))
            return
        }
        let name = trimmed(line[..<colon])
        guard name.count == 14, String(decoding: name, as: UTF8.self).lowercased() == "content-length" else {
            return // other headers (Content-Type, …) are ignored
        }
        let valueBytes = trimmed(line[(colon + 1)...])
        guard !valueBytes.isEmpty, valueBytes.count <= 18,
              valueBytes.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }),
              let value = Int(String(decoding: valueBytes, as: UTF8.self)) else {
            blockRejected = true
            lengthUnusable = true
            events.append(.error(FramingError("invalid Content-Length value: \(preview(Array(valueBytes)))")))
            return
        }
        if let existing = contentLength, existing != value {
            blockRejected = true
            lengthUnusable = true
            events.append(.error(FramingError("conflicting Content-Length headers (\(existing) and \(value))")))
            return
        }
        contentLength = value
    }

    private mutating func endHeaderBlock(events: inout [FrameEvent]) {
        guard let length = contentLength, !lengthUnusable else {
            if !blockRejected {
                events.append(.error(FramingError("missing Content-Length header; skipping to the next message")))
            }
            state = .resync(matched: 0)
            return
        }
        if length > limits.maxMessage {
            if !blockRejected {
                events.append(.error(FramingError("message body of \(length) bytes exceeds the limit of \(limits.maxMessage) bytes")))
            }
            state = .skipBody(remaining: length)
        } else if blockRejected {
            if length == 0 { startHeaderBlock() } else { state = .skipBody(remaining: length) }
        } else if length == 0 {
            events.append(.message([]))
            startHeaderBlock()
        } else {
            // Room for the whole body at once (mapped lazily: a body announced and not sent
            // costs only what arrives), so it is never regrown and copied.
            body.reserveCapacity(length)
            state = .body(remaining: length)
        }
    }

    private func trimmed(_ bytes: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
        var slice = bytes
        while let first = slice.first, first == 0x20 || first == 0x09 { slice = slice.dropFirst() }
        while let last = slice.last, last == 0x20 || last == 0x09 { slice = slice.dropLast() }
        return slice
    }

    private func preview(_ bytes: [UInt8]) -> String {
        let text = String(decoding: bytes.prefix(60), as: UTF8.self)
        return bytes.count > 60 ? text + "…" : text
    }
}

/// Whether `bytes` holds only JSON whitespace.
private func isBlank(_ bytes: [UInt8]) -> Bool {
    bytes.allSatisfy { $0 == 0x20 || $0 == 0x09 || $0 == 0x0D || $0 == 0x0A }
}
