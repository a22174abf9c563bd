import Foundation
import Testing
import TestSupport
@testable import CreatureCore

/// The search: every result has every wanted trait (judged from its golden-format record), the
/// order is fixed, threads do not change it, and it stops as soon as it is asked to.
@Suite(.offTheCooperativeThreads) struct CreatureSearchTests {
    static func run(_ base: String, _ wants: String, _ engine: EngineVersion, limit: Int = 20, threads: Int = 2,
                    maxCandidates: Int = 300_000, unlike: [Picture] = [], boundColours: Bool = true) async throws -> CreatureSearch.Outcome {
        var request = CreatureSearch.Request(base: base, wants: try SearchWants.parse(wants), engine: engine)
        request.boundColours = boundColours
        request.limit = limit
        request.threads = threads
        request.maxCandidates = maxCandidates
        request.unlike = unlike
        request.timeLimit = 600
        return try await CreatureSearch.run(request, parts: OnPool.parts)
    }

    @Test(arguments: [("alice", "antlers,beard", EngineVersion.v2), ("bob", "mode=space,colors=2", .v2),
                      ("carol", "tier=3,appendages,appendageStyle=tentacle", .v2), ("dave", "color=#e94560,colors=3", .v2),
                      ("erin", "tap=spinOut,eyes,mouth=false", .v2), ("team", "horn,creatureType=alien,symmetric", .v2)])
    func everyResultHasEveryWantedTraitByItsRecord(base: String, wants: String, engine: EngineVersion) async throws {
        let outcome = try await Self.run(base, wants, engine, limit: 10)
        #expect(outcome.results.count == 10, "\(wants): \(outcome.results.count) found in \(outcome.tried)")
        try Self.checkResults(outcome, base: base, wants: wants, engine: engine)
    }

    /// v1's hash barely moves when the end of a seed changes (docs/engine.md §2), so variants of one base
    /// draw few different v1 pictures: fewer results, each still right. The words (other lengths)
    /// vary it most.
    @Test func v1ResultsAreRightToo() async throws {
        for (base, wants) in [("alice", "antlers"), ("bob", "beard,tier=4"), ("alice", "beard")] {
            let outcome = try await Self.run(base, wants, .v1, limit: 5, maxCandidates: 3_000)
            #expect(!outcome.results.isEmpty, "\(base) \(wants)")
            try Self.checkResults(outcome, base: base, wants: wants, engine: .v1)
        }
    }

    static func checkResults(_ outcome: CreatureSearch.Outcome, base: String, wants: String, engine: EngineVersion) throws {
        let parsed = try SearchWants.parse(wants)
        var pictures: Set<[String?]> = []
        for result in outcome.results {
            let record = CreatureRecord(Creature(seed: result.seed, engine: engine))
            for want in parsed.wants {
                #expect(RecordJudge.has(want, record), "\(result.seed.debugDescription) lacks \(want.text)")
            }
            #expect(pictures.insert(RecordJudge.cells(record)).inserted, "\(result.seed.debugDescription) repeats a picture")
            #expect(SeedVariants(base: base).seed(at: result.candidate) == result.seed && result.seed != base)
            // The search draws candidates as bare grids: its picture is the creature's.
            #expect(result.picture == Picture(result.creature) && result.creature.seed == result.seed && result.creature.engine == engine)
        }
    }

    /// The first results of a fixed request, and proof that nothing before them was skipped:
    /// every earlier candidate lacks a trait or repeats an earlier result's picture.
    @Test func theFirstResultsOfAFixedRequestArePinned() async throws {
        let outcome = try await Self.run("alice", "antlers,beard", .v2, limit: 5)
        #expect(outcome.results.map(\.seed) == ["alice pepper", "alice.8", "alice mint", "alice_18", "alice-20"])
        let wants = try SearchWants.parse("antlers,beard")
        let variants = SeedVariants(base: "alice", families: SeedVariants.Family.allCases)
        var seen: Set<[String?]> = [], found: [String] = []
        for i in 0..<outcome.tried {
            let record = CreatureRecord(Creature(seed: variants.seed(at: i), engine: .v2))
            if wants.wants.allSatisfy({ RecordJudge.has($0, record) }) && seen.insert(RecordJudge.cells(record)).inserted {
                found.append(record.seed)
            }
        }
        #expect(found == outcome.results.map(\.seed))
    }

    @Test func theSameRequestGivesTheSameResultsOnAnyNumberOfThreads() async throws {
        let one = try await Self.run("grace", "eyebrows,colors=3", .v2, limit: 15, threads: 1)
        let again = try await Self.run("grace", "eyebrows,colors=3", .v2, limit: 15, threads: 1)
        let two = try await Self.run("grace", "eyebrows,colors=3", .v2, limit: 15, threads: 2)
        let five = try await Self.run("grace", "eyebrows,colors=3", .v2, limit: 15, threads: 5)
        #expect(one.results.count == 15)
        for other in [again, two, five] {
            #expect(other.results.map(\.seed) == one.results.map(\.seed))
            #expect(other.tried == one.tried)
        }
    }

    /// Colour wants rule out, before drawing, what a configuration cannot show: the same results
    /// as drawing every candidate, from far fewer drawings.
    @Test(.tags(.slow), .notInQuickTier,
          arguments: [("alice", "colors=6", EngineVersion.v2), ("bob", "colors=5,tier=5", .v2), ("carol", "color=#e94560~40", .v2),
                      ("dave", "colors=3", .v1), ("erin", "colors=4", .v1)])
    func colourBoundsChangeNothingButTheWork(base: String, wants: String, engine: EngineVersion) async throws {
        let bounded = try await Self.run(base, wants, engine, limit: 8, maxCandidates: 20_000)
        let drawn = try await Self.run(base, wants, engine, limit: 8, maxCandidates: 20_000, boundColours: false)
        #expect(bounded.results.map(\.seed) == drawn.results.map(\.seed) && bounded.tried == drawn.tried, "\(wants)")
        #expect(!bounded.results.isEmpty, "\(wants): something found")
        #expect(bounded.drawn <= drawn.drawn, "\(wants): \(bounded.drawn) drawn with the bounds, \(drawn.drawn) without")
    }

    @Test func unlikePicturesAreNeverResults() async throws {
        let first = try await Self.run("linus", "mode=creature,tier=3", .v2, limit: 6)
        #expect(first.results.count == 6)
        let unlike = Array(first.results.prefix(3).map(\.picture))
        let second = try await Self.run("linus", "mode=creature,tier=3", .v2, limit: 3, unlike: unlike)
        #expect(second.results.map(\.seed) == first.results.dropFirst(3).map(\.seed))
    }

    @Test func boundsStopTheSearch() async throws {
        let few = try await Self.run("alice", "hair,ears,horn,antlers", .v2, limit: 20, maxCandidates: 1000)
        #expect(few.tried == 1000 && few.stoppedBy == .candidates, "\(few.tried) \(few.stoppedBy) \(few.results.map(\.seed))")
        let many = try await Self.run("alice", "mode=creature", .v2, limit: 300, threads: 2)
        #expect(many.stoppedBy == .limit && many.results.count == 300)
        var request = CreatureSearch.Request(base: "alice", wants: try SearchWants.parse("hair,ears,horn,antlers"), engine: .v1)
        request.timeLimit = 0
        let timed = try await CreatureSearch.run(request, parts: OnPool.parts)
        #expect(timed.stoppedBy == .time && timed.tried == 0)
        var finite = CreatureSearch.Request(base: "alice", wants: try SearchWants.parse("mode=creature"), engine: .v1)
        finite.families = [.emoji]
        finite.limit = 1000
        let all = try await CreatureSearch.run(finite, parts: OnPool.parts)
        #expect(all.stoppedBy == .exhausted && all.tried == SeedVariants(base: "alice", families: [.emoji]).count)
    }

    /// Each thread asks whether to stop every `checkEvery` candidates, and no thread asks again
    /// once told: at a microsecond a candidate, a cancel stops the CPU within 32 µs a thread.
    @Test func cancellingIsAskedOftenAndObeyedAtOnce() async throws {
        let calls = Counter(), tellAfter = 200
        var request = CreatureSearch.Request(base: "zed", wants: try SearchWants.parse("colors=6,hair"), engine: .v1)
        request.threads = 2
        request.maxCandidates = 200_000
        request.timeLimit = 600
        await #expect(throws: CancellationError.self) {
            _ = try await CreatureSearch.run(request, parts: OnPool.parts, isCancelled: { calls.next() > tellAfter })
        }
        // Past the call that said stop: one more per thread at most, and the merge's own.
        #expect(calls.value <= tellAfter + 1 + request.threads + 1, "\(calls.value) calls")
        let counted = Counter()
        var uncancelled = request
        uncancelled.maxCandidates = 5_000
        let outcome = try await CreatureSearch.run(uncancelled, parts: OnPool.parts, isCancelled: { _ = counted.next(); return false })
        #expect(counted.value >= outcome.tried / CreatureSearch.checkEvery)
    }

    @Test func impossibleWantsAreRefusedNamingTheTraits() async throws {
        func error(_ wants: String, _ engine: EngineVersion) throws -> SearchError? {
            try SearchWants.parse(wants).impossibility(engine: engine)
        }
        let space = try #require(try error("antlers,mode=space", .v1))
        #expect(space.kind == .impossible && space.traits == ["antlers", "mode"])
        #expect(space.message.contains("'antlers' with 'mode=space' is impossible for fonsters-v1"))
        #expect(try error("tier=2", .v2)?.traits == ["tier"])
        #expect(try error("tier=2", .v1) == nil)
        #expect(try error("beard,eyes,tier=3", .v1)?.traits == ["beard", "tier"])
        #expect(try error("eyes=false,mouth=false,body=false,tier=5,mode=creature", .v2)?.traits.count == 5)
        #expect(try error("eyes=false,mouth=false,body=false", .v2) == nil)
        #expect(try error("colorCount=3,tier=5", .v1)?.traits == ["colorCount", "tier"])
        #expect(try error("colors=5,mode=space", .v1)?.traits == ["colors", "mode"])
        let orange = try #require(try error("color=#ff8800", .v1))
        #expect(orange.traits == ["color"] && orange.message.contains("nearest"))
        #expect(try error("color=#ff8800~120", .v1) == nil)
        #expect(throws: SearchError.self) { try SearchWants.parse("wings") }
        #expect(throws: SearchError.self) { try SearchWants.parse("tier=7") }
        #expect(throws: SearchError.self) { try SearchWants.parse("appendageCount=5") }
        #expect(throws: SearchError.self) { try SearchWants.parse("color=orange") }
        await #expect(throws: SearchError.self) { _ = try await Self.run("x", "antlers,mode=space", .v1) }
    }
}

/// A thread-safe call counter.
final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0
    /// Counts a call and returns the new count.
    func next() -> Int { lock.lock(); defer { lock.unlock() }; count += 1; return count }
    var value: Int { lock.lock(); defer { lock.unlock() }; return count }
}
