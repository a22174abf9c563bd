import Foundation
import Testing
@testable import FonsterStore

@Suite struct LocalRandomTextTests {
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

@Suite(.serialized) struct RemoteRandomTextTests {
    let server: LoopbackHTTPServer

    init() throws {
        server = try LoopbackHTTPServer(routes: [
            "/ok": .init(status: 200, body: #"{"text":"Remote words arrive"}"#),
            "/fail": .init(status: 500, body: #"{"text":"should not be used"}"#),
            "/slow": .init(status: 200, body: #"{"text":"too late"}"#, delay: 4),
            "/bad": .init(status: 200, body: #"{"txt": 5"#),
            "/blank": .init(status: 200, body: #"{"text":"   "}"#),
        ])
    }

    @Test func successUsesTheRemoteText() async {
        let provider = RandomTextProvider(endpoint: server.url("/ok"), seed: 1)
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
        // The server answers after 4 s; the 2 s timeout must give up first.
        let result = await RandomTextProvider(endpoint: server.url("/slow"), seed: 1).text(for: .uuid)
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

    @Test func storeReportsTheFallback() async throws {
        let store = try FonsterStore(location: .memory, options: StoreOptions(starterFonsters: false, randomEndpoint: server.url("/fail")))
        let f = try store.create(seed: "s")
        let edit = try await store.loadRandom(f.id, source: .uuid)
        #expect(edit.usedFallback && edit.fonster.seed == edit.text)
        let good = try FonsterStore(location: .memory, options: StoreOptions(starterFonsters: false, randomEndpoint: server.url("/ok")))
        let g = try good.create(seed: "s")
        let remote = try await good.prependRandom(g.id, source: .quote)
        #expect(!remote.usedFallback && remote.fonster.seed == "Remote words arrive s")
    }
}
