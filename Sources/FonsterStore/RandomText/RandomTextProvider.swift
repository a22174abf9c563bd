import Foundation
import CreatureCore
import JSON
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Text for the random sources: from an optional remote endpoint, else (or when it fails) local.
public final class RandomTextProvider: @unchecked Sendable {
    /// How long the whole remote request (connect, headers, body) may take before local text is used.
    public static let remoteTimeout: TimeInterval = 2
    /// The most bytes of a remote reply read; a longer reply is abandoned for local text.
    public static let maxRemoteBytes = 64 * 1024
    /// The most redirects followed (to http or https only).
    public static let maxRedirects = 3
    /// Remote text longer than this (UTF-16 units) is refused in favour of local text.
    public static let maxRemoteLength = 1_000

    /// `GET <endpoint>?source=<name>` answering `{"text": "…"}`; nil uses local text only.
    public let endpoint: URL?
    /// How long the whole remote request may take (`remoteTimeout` unless a test says).
    let timeout: TimeInterval
    private let lock = NSLock()
    private var rng: SeededGenerator  // guarded by lock

    /// A provider with an optional remote `endpoint`; `seed` makes local text repeatable;
    /// `timeout` bounds the remote request.
    public init(endpoint: URL? = nil, seed: UInt64? = nil, timeout: TimeInterval = remoteTimeout) {
        self.endpoint = endpoint
        self.timeout = timeout
        rng = seed.map(SeededGenerator.init(seed:)) ?? SeededGenerator()
    }

    /// Text for `source`: the endpoint's when it answers 200 with `{"text": "…"}` (non-blank,
    /// not too long) within 2 s in all, in at most 64 KB and 3 redirects; else local text with
    /// `usedFallback` true.
    /// Without an endpoint, local text with `usedFallback` false.
    public func text(for source: RandomSource) async -> (text: String, usedFallback: Bool) {
        guard let endpoint else { return (localText(for: source), false) }
        if let remote = await fetch(source: source, endpoint: endpoint) {
            return (remote, false)
        }
        return (localText(for: source), true)
    }

    /// Local text for `source`: a quote with its author, four words, an upper-case UUID, or a
    /// lorem-ipsum sentence.
    public func localText(for source: RandomSource) -> String {
        lock.lock()
        defer { lock.unlock() }
        switch source {
        case .quote:
            let quote = Quotes.all.randomElement(using: &rng)!
            return "\(quote.text) — \(quote.author)"
        case .words:
            return (0..<4).map { _ in WordList.all.randomElement(using: &rng)! }.joined(separator: " ")
        case .uuid:
            var bytes = (rng.next(), rng.next())
            let uuid = withUnsafeBytes(of: &bytes) { raw -> UUID in
                var b = Array(raw)
                b[6] = (b[6] & 0x0F) | 0x40  // version 4
                b[8] = (b[8] & 0x3F) | 0x80  // RFC 4122 variant
                return UUID(uuid: (b[0], b[1], b[2], b[3], b[4], b[5], b[6], b[7],
                                   b[8], b[9], b[10], b[11], b[12], b[13], b[14], b[15]))
            }
            return uuid.uuidString.uppercased()
        case .lorem:
            return Lorem.sentence(using: &rng)
        }
    }

    /// A fresh friendly name (adjective + creature), from the same generator.
    public func friendlyName() -> String {
        lock.lock()
        defer { lock.unlock() }
        return NameGenerator.name(using: &rng)
    }

    private func fetch(source: RandomSource, endpoint: URL) async -> String? {
        guard var components = URLComponents(url: endpoint, resolvingAgainstBaseURL: false) else { return nil }
        components.queryItems = (components.queryItems ?? []) + [URLQueryItem(name: "source", value: source.rawValue)]
        guard let url = components.url else { return nil }
        var request = URLRequest(url: url, cachePolicy: .reloadIgnoringLocalCacheData, timeoutInterval: timeout)
        request.setValue("application/json", forHTTPHeaderField: "Accept")
        let limits = BoundedFetch.Limits(deadline: timeout, maxBodyBytes: Self.maxRemoteBytes, maxRedirects: Self.maxRedirects)
        guard let (status, data) = await BoundedFetch.get(request, limits: limits), status == 200,
              let text = (try? JSONParser.parse([UInt8](data)))?["text"]?.string,
              !text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty,
              text.utf16.count <= Self.maxRemoteLength else { return nil }
        return text
    }
}
