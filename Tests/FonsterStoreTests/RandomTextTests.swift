import Foundation
import Testing
import TestSupport
import CreatureCore
@testable import FonsterStore

@Suite(.offTheCooperativeThreads) struct LocalRandomTextTests {
    @Test func quotesAreManyAndAttributed() {
        #expect(Quotes.all.count >= 50)
        #expect(Quotes.all.allSatisfy { !$0.text.isEmpty && !$0.author.isEmpty && $0.text.count <= 100 })
        #expect(Set(Quotes.all.map(\.text)).count == Quotes.all.count)
    }

    @Test func eachSourceHasItsShape() {
        let provider = RandomTextProvider(seed: 1)
        let quote = provider.localText(for: .quote)
        #expect(Quotes.all.contains { quote == "\($0.text) — \($0.author)" })
        let words = provider.localText(for: .words).split(separator: " ").map(String.init)
        #expect(words.count == 4 && words.allSatisfy(WordList.all.contains))
        let uuid = provider.localText(for: .uuid)
        #expect(UUID(uuidString: uuid) != nil && uuid == uuid.uppercased() && uuid.count == 36)
        let lorem = provider.localText(for: .lorem)
        #expect(lorem.hasSuffix(".") && lorem.first!.isUppercase)
        #expect(lorem.dropLast().split(separator: " ").allSatisfy { Lorem.words.contains($0.lowercased().trimmingCharacters(in: [","])) })
        #expect(WordList.all.count >= 200)
    }

    @Test func seededProvidersRepeatAndDiffer() {
        let sample = { (seed: UInt64) in
            let provider = RandomTextProvider(seed: seed)
            return RandomSource.allCases.map { provider.localText(for: $0) } + [provider.friendlyName()]
        }
        #expect(sample(9) == sample(9))
        #expect(sample(9) != sample(10))
    }
}

@Suite(.serialized, .offTheCooperativeThreads) struct RemoteRandomTextTests {
    let server: LoopbackHTTPServer

    init() throws {
        server = try LoopbackHTTPServer(routes: [
            "/ok": .init(status: 200, body: #"{"text":"Remote words arrive"}"#),
            "/fail": .init(status: 500, body: #"{"text":"should not be used"}"#),
            "/slow": .init(status: 200, body: #"{"text":"too late"}"#, delay: 4),
            "/bad": .init(status: 200, body: #"{"txt": 5"#),
            "/blank": .init(status: 200, body: #"{"text":"   "}"#),
            "/trickle": .init(status: 200, body: #"{"text":"arrives one byte a second"}"#, trickle: true),
            "/huge": .init(status: 200, body: "", streamBytes: 200 * 1024 * 1024),
            "/hop1": .init(status: 302, body: "", location: "/hop2"),
            "/hop2": .init(status: 302, body: "", location: "/hop3"),
            "/hop3": .init(status: 302, body: "", location: "/ok"),
            "/hop0": .init(status: 302, body: "", location: "/hop1"),
            "/tofile": .init(status: 302, body: "", location: "file:///etc/hostname"),
            "/chunked": .init(status: 200, body: #"{"text":"Sent in little chunks"}"#, chunked: true),
        ])
    }

    /// A server trickling one byte a second once held a request 45 s and its text was used:
    /// the 2 s deadline covers the whole request, so the text (whole only after 36 s) is never
    /// used and the fetch gave up no sooner than its deadline. (How soon after it is a loaded
    /// machine's business, not the test's.)
    @Test func tricklingServerIsCutOffAtTheDeadline() throws {
        let parts = try fetchInChild("/trickle")
        #expect(parts[1] == "true", "the fallback is used")
        let ms = Int(parts[4]) ?? .max
        #expect(ms >= 1_900, "gave up after \(ms) ms; the deadline is 2 s")
    }

    /// One random-text fetch of `path` in a child process (with the provider's deadline, or
    /// `timeout` seconds): its report line, split at spaces.
    func fetchInChild(_ path: String, timeout: TimeInterval? = nil) throws -> [Substring] {
        let dir = TempDir()
        let report = dir.file("report.txt")
        let deadline = timeout.map { ["\($0)"] } ?? []
        let child = try startChild([dir.file("lib.sqlite"), report, "fetch", server.url(path).absoluteString] + deadline)
        child.waitUntilExit()
        let line = try #require(reportLines(report).last { $0.hasPrefix("fetch") })
        return line.split(separator: " ")
    }

    /// A 200 MB reply is abandoned after 64 KB: in a child process of its own, the peak RSS
    /// grows by far less than 64 MB (it grew by over 800 MB when the body was read whole).
    @Test func hugeReplyIsNotReadWhole() throws {
        let parts = try fetchInChild("/huge")
        #expect(parts[1] == "true", "the fallback is used")
        let before = Int(parts[2]) ?? 0, peak = Int(parts[3]) ?? Int.max
        #expect(peak - before < 64 * 1024, "peak RSS grew by \(peak - before) kB")
        print("200 MB reply: the fetching process's peak RSS grew by \(peak - before) kB")
    }

    @Test func chunkedRepliesAreRead() async {
        let result = await RandomTextProvider(endpoint: server.url("/chunked"), seed: 1, timeout: Patience.backstop).text(for: .quote)
        #expect(result.text == "Sent in little chunks" && !result.usedFallback)
    }

    /// Each fetch runs in a child process of its own with a deadline of `Patience.backstop`
    /// (the 2 s one in use is not what this test is about, and a loaded machine could miss it).
    @Test func redirectsUpToThreeToHTTPOnly() async throws {
        let three = try fetchInChild("/hop1", timeout: Patience.backstop)
        #expect(three[1] == "false" && three[5...].joined(separator: " ") == "Remote words arrive")
        #expect(try fetchInChild("/hop0", timeout: Patience.backstop)[1] == "true", "a fourth redirect is not followed")
        #expect(try fetchInChild("/tofile", timeout: Patience.backstop)[1] == "true", "a redirect to file: is not followed")
        let notHTTP = await RandomTextProvider(endpoint: URL(string: "file:///etc/hostname")!, seed: 1).text(for: .words)
        #expect(notHTTP.usedFallback)
    }

    @Test func successUsesTheRemoteText() async {
        let provider = RandomTextProvider(endpoint: server.url("/ok"), seed: 1, timeout: Patience.backstop)
        let result = await provider.text(for: .quote)
        #expect(result.text == "Remote words arrive" && !result.usedFallback)
        #expect(server.received == ["/ok?source=quote"])
    }

    @Test func serverErrorFallsBackToLocalText() async {
        let result = await RandomTextProvider(endpoint: server.url("/fail"), seed: 1).text(for: .words)
        #expect(result.usedFallback)
        #expect(result.text.split(separator: " ").count == 4)
    }

    @Test func timeoutFallsBackToLocalText() async {
        // The server answers after 4 s; the timeout (50 ms here, 2 s in use) must give up first.
        let result = await RandomTextProvider(endpoint: server.url("/slow"), seed: 1, timeout: 0.05).text(for: .uuid)
        #expect(result.usedFallback)
        #expect(UUID(uuidString: result.text) != nil)
    }

    @Test func malformedOrBlankJSONFallsBack() async {
        for path in ["/bad", "/blank"] {
            let result = await RandomTextProvider(endpoint: server.url(path), seed: 1).text(for: .lorem)
            #expect(result.usedFallback, "\(path)")
            #expect(result.text.hasSuffix("."))
        }
    }

    @Test func noServerListeningFallsBack() async throws {
        let gone = try LoopbackHTTPServer(routes: [:])
        gone.stop()
        let result = await RandomTextProvider(endpoint: gone.url("/ok"), seed: 1).text(for: .words)
        #expect(result.usedFallback)
    }

    /// The store's provider is the one its options name: what `fonsters/random` fetches through.
    @Test func storeReportsTheFallback() async throws {
        let store = try FonsterStore(location: .memory, options: StoreOptions(starterFonsters: false, randomEndpoint: server.url("/fail")))
        #expect(await store.randomText.text(for: .uuid).usedFallback)
        // (The 2 s deadline in use is not what this test is about: a loaded machine could miss it.)
        let good = try FonsterStore(location: .memory, options: StoreOptions(starterFonsters: false, randomEndpoint: server.url("/ok"),
                                                                             randomTimeout: Patience.backstop))
        let remote = await good.randomText.text(for: .quote)
        #expect(!remote.usedFallback && remote.text == "Remote words arrive")
    }
}
