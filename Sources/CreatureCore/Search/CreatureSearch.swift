import Foundation

/// Finds variants of a base text whose creatures have the wanted traits and draw pictures unlike
/// each other and unlike given ones. Deterministic: candidates are tried in `SeedVariants` order
/// and results kept in that order, whatever the threads do; a run cut short by its time limit
/// gives a prefix of the full run's results. Bounded by candidates, time and results, and
/// stopped within a few microseconds of `isCancelled` saying so (each part asks it every
/// `checkEvery` candidates: a runner on the compute pool takes turns there too). Each round of
/// candidates is split into `Request.threads` parts that the caller's `PartsRunner` runs.
public enum CreatureSearch {
    /// How often (in candidates) each thread asks whether to stop.
    public static let checkEvery = 32

    /// What to look for and how far.
    public struct Request: Sendable {
        /// The text to vary.
        public var base: String
        /// How to vary it.
        public var families: [SeedVariants.Family] = SeedVariants.Family.allCases
        /// The traits every result has.
        public var wants: SearchWants
        /// The engine that draws the candidates.
        public var engine: EngineVersion
        /// The most results.
        public var limit = 20
        /// Pictures no result may draw (e.g. the library's).
        public var unlike: [Picture] = []
        /// The most candidates tried.
        public var maxCandidates = 2_000_000
        /// The most time spent, in seconds.
        public var timeLimit = 10.0
        /// Parts each round is split into, for the runner to run at once (one per core by default).
        public var threads = ProcessInfo.processInfo.activeProcessorCount
        /// Whether colour wants rule candidates out by the colours their configuration can show,
        /// before drawing (the same results either way; false draws every candidate the other
        /// wants pass: for measuring the drawing).
        public var boundColours = true

        /// A request; see the properties for the defaults.
        public init(base: String, wants: SearchWants, engine: EngineVersion) {
            self.base = base
            self.wants = wants
            self.engine = engine
        }
    }

    /// One creature found.
    public struct Result: Sendable {
        /// Its seed.
        public let seed: String
        /// Its place in the candidate order (0 for the first variant).
        public let candidate: Int
        /// How the base was varied.
        public let family: SeedVariants.Family
        /// The creature.
        public let creature: Creature
        /// What it draws.
        public let picture: Picture

        /// Each wanted trait (as written) with the creature's own value.
        public func traits(_ wants: SearchWants) -> [(want: String, value: String)] {
            wants.wants.map { ($0.text, $0.actual(creature, picture: picture)) }
        }
    }

    /// Why a search stopped.
    public enum Stop: String, CaseIterable, Sendable {
        /// `limit` results found.
        case limit
        /// `maxCandidates` tried.
        case candidates
        /// Every variant tried.
        case exhausted
        /// `timeLimit` passed.
        case time
    }

    /// The results and how the search ended.
    public struct Outcome: Sendable {
        /// The results, in candidate order.
        public let results: [Result]
        /// Candidates tried (a prefix of the order).
        public let tried: Int
        /// Why it stopped.
        public let stoppedBy: Stop
        /// Candidates drawn (the rest were ruled out by their configuration alone), counted over
        /// the blocks scanned whole.
        public var drawn = 0
    }

    /// Runs `request`, each round's parts through `parts`, handing each result to `found` as soon
    /// as it is certain (in order). Throws `SearchError` for impossible wants before any work,
    /// and `CancellationError` once `isCancelled` says so (or `parts` throws it).
    public static func run(_ request: Request, parts: PartsRunner,
                           isCancelled: @escaping @Sendable () -> Bool = { false },
                           found: (Result) async throws -> Void = { _ in }) async throws -> Outcome {
        let rounds = try Rounds(request, isCancelled: isCancelled)
        while let round = try rounds.nextRound() {
            try await parts(round.parts, round.scan)
            let (new, end) = try rounds.merge(round)
            for result in new { try await found(result) }
            if let end { return end }
        }
        return rounds.outcome
    }

    /// `run` with the parts run one after another on the calling thread: for work already on
    /// the compute pool (taking its turns through `isCancelled`).
    public static func run(_ request: Request, isCancelled: @escaping @Sendable () -> Bool = { false },
                           found: (Result) throws -> Void = { _ in }) throws -> Outcome {
        let rounds = try Rounds(request, isCancelled: isCancelled)
        while let round = try rounds.nextRound() {
            for part in 0..<round.parts { round.scan(part) }
            let (new, end) = try rounds.merge(round)
            for result in new { try found(result) }
            if let end { return end }
        }
        return rounds.outcome
    }

    /// A search in progress: its rounds of candidates one at a time, each split into parts, and
    /// the parts' finds merged in candidate order.
    final class Rounds {
        /// One round: `parts` parts, each `scan(part)` taking the round's blocks in order.
        struct Round {
            let parts: Int
            let scan: @Sendable (Int) -> Void
            fileprivate let blocks: Int
            fileprivate let slots: Slots<Scan>
        }

        private let request: Request
        private let isCancelled: @Sendable () -> Bool
        private let variants: SeedVariants
        private let total: Int, limit: Int, threads: Int
        private let deadline: UInt64
        private let unlike: Set<Picture>
        private var accepted = Set<Picture>(), results: [Result] = [], drawn = 0
        private var next = 0, chunk = 64

        /// Throws `SearchError` for impossible wants.
        init(_ request: Request, isCancelled: @escaping @Sendable () -> Bool) throws {
            if let error = request.wants.impossibility(engine: request.engine) { throw error }
            self.request = request
            self.isCancelled = isCancelled
            variants = SeedVariants(base: request.base, families: request.families)
            total = min(variants.count, max(0, request.maxCandidates))
            limit = max(0, request.limit)
            threads = max(1, request.threads)
            deadline = DispatchTime.now().uptimeNanoseconds &+ UInt64(max(0, request.timeLimit) * 1e9)
            unlike = Set(request.unlike)
        }

        /// The outcome so far, stopped `stop` after `tried` candidates.
        private func outcome(_ tried: Int, _ stop: Stop) -> Outcome {
            var outcome = Outcome(results: results, tried: tried, stoppedBy: stop)
            outcome.drawn = drawn
            return outcome
        }

        /// How the search ended when `nextRound()` gives no more.
        var outcome: Outcome {
            outcome(next, results.count >= limit ? .limit : next >= variants.count ? .exhausted : .candidates)
        }

        /// The next round, or nil when the results or the candidates ran out.
        func nextRound() throws -> Round? {
            guard results.count < limit && next < total else { return nil }
            if isCancelled() { throw CancellationError() }
            let roundEnd = min(total, next + chunk * threads)
            // The round in blocks, each taken by whichever part is free next, in order: a part
            // the machine holds up delays one block, not a fixed share of the round.
            let roundStart = next, blockSize = min(chunk, 256)
            let blocks = (roundEnd - roundStart + blockSize - 1) / blockSize
            let slots = Slots<Scan>(count: blocks), handout = Handout(count: blocks)
            let (variants, request, unlike, deadline, isCancelled) = (variants, request, unlike, deadline, isCancelled)
            let scan: @Sendable (Int) -> Void = { _ in
                // A picture met earlier by this part is a repeat whatever the merge decides.
                var seen = Set<Picture>()
                while let b = handout.take() {
                    let part = Scan.run(roundStart + b * blockSize..<min(roundEnd, roundStart + (b + 1) * blockSize), variants, request,
                                        unlike: unlike, seen: &seen, deadline: deadline, isCancelled: isCancelled)
                    slots[b] = part
                    if part.end < part.planned { handout.stop(); return }
                }
            }
            return Round(parts: min(threads, blocks), scan: scan, blocks: blocks, slots: slots)
        }

        /// Merges a round whose parts all ran: the results it adds, in order, and the outcome
        /// when the search ends with it.
        func merge(_ round: Round) throws -> (new: [Result], end: Outcome?) {
            var new: [Result] = []
            // Blocks are taken in order, so every block before the first one cut short was
            // scanned whole.
            for b in 0..<round.blocks {
                guard let part = round.slots[b] else { return (new, outcome(next, .time)) }
                if part.cancelled { throw CancellationError() }
                drawn += part.drawn
                for match in part.matches where results.count < limit {
                    guard accepted.insert(match.picture).inserted else { continue }
                    results.append(match)
                    new.append(match)
                    if results.count == limit { return (new, outcome(match.candidate + 1, .limit)) }
                }
                next = part.end
                if part.end < part.planned { return (new, outcome(next, .time)) }
            }
            chunk = min(chunk * 2, 16_384)
            return (new, nil)
        }
    }

    /// Hands out a round's blocks in order, one at a time, until they run out or `stop`.
    final class Handout: @unchecked Sendable {
        private let lock = NSLock()
        private var next = 0, count: Int

        init(count: Int) { self.count = count }

        /// The next block, or nil when none is left.
        func take() -> Int? {
            lock.lock()
            defer { lock.unlock() }
            guard next < count else { return nil }
            next += 1
            return next - 1
        }

        /// Hands out no more blocks.
        func stop() {
            lock.lock()
            count = 0
            lock.unlock()
        }
    }

    /// What one thread found in one block of candidates.
    struct Scan {
        var matches: [Result] = []
        /// Where it stopped (== `planned` when it finished).
        var end: Int
        var planned: Int
        var cancelled = false
        /// Candidates whose configuration passed, so that they were drawn.
        var drawn = 0

        /// Scans `range`; `seen` holds the pictures this thread met before (in earlier blocks).
        static func run(_ range: Range<Int>, _ variants: SeedVariants, _ request: Request, unlike: Set<Picture>,
                        seen: inout Set<Picture>, deadline: UInt64, isCancelled: () -> Bool) -> Scan {
            var scan = Scan(end: range.upperBound, planned: range.upperBound)
            let wants = request.wants.wants, engine = request.engine
            let drawing = request.wants.needDrawing
            let configurationWants = request.boundColours ? wants : wants.filter { !$0.needsDrawing }
            var grid = Grid()  // each candidate is drawn into it
            for i in range {
                if (i &- range.lowerBound) % CreatureSearch.checkEvery == 0 {
                    if isCancelled() { scan.cancelled = true; scan.end = i; return scan }
                    if DispatchTime.now().uptimeNanoseconds > deadline { scan.end = i; return scan }
                }
                let (seed, family) = variants.variant(at: i)
                let render = Seeds.renderSeed(seed)
                let candidate = engine == .v1 ? picture(SegmentHash(seed: render), seed, engine, configurationWants, wants, drawing, &grid, &scan.drawn)
                                              : picture(SegmentHashV2(seed: render), seed, engine, configurationWants, wants, drawing, &grid, &scan.drawn)
                guard let picture = candidate, !unlike.contains(picture), seen.insert(picture).inserted else { continue }
                // Drawn again, only for a match, to hand back the whole creature.
                let creature = Creature(seed: seed, engine: engine)
                scan.matches.append(Result(seed: seed, candidate: i, family: family, creature: creature, picture: picture))
            }
            return scan
        }

        /// The picture of candidate `seed` (render seed hashed to `hash`) when its configuration
        /// passes `configurationWants` and, with `drawing`, its drawing has the drawing traits of
        /// `wants` too; nil as soon as one fails. Draws the grid alone into `grid`, as `Creature`
        /// does, without building a creature for every candidate, and counts it in `drawn`.
        @inline(__always)
        static func picture(_ hash: some SegmentHashing, _ seed: String, _ engine: EngineVersion, _ configurationWants: [SearchWant],
                            _ wants: [SearchWant], _ drawing: Bool, _ grid: inout Grid, _ drawn: inout Int) -> Picture? {
            let configuration = Configuration(hash: hash, engine: engine)
            guard configurationWants.allSatisfy({ $0.isMet(by: configuration, seed: seed, engine: engine) }) else { return nil }
            drawn &+= 1
            if configuration.mode == .creature {
                CreatureDrawing.draw(configuration, hash, into: &grid)
            } else {
                PatternDrawing.draw(configuration, hash, into: &grid)
            }
            let table = Picture.table(engine, configuration)
            if drawing {
                let colours = Picture.shownColours(grid, table)
                guard wants.allSatisfy({ $0.isMet(by: colours) }) else { return nil }
            }
            return Picture(grid, table)
        }
    }
}
