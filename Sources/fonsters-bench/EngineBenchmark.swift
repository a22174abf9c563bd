import Foundation
import CreatureCore
import JSON

/// Engine figures for v1 and v2: µs per creature over the golden seeds, the 300-frame evolution, PNG sizes.
enum EngineBenchmark {
    /// `FONSTERS_BENCH_ROUNDS=1` runs every measurement once (for `valgrind --tool=callgrind`,
    /// whose instruction counts are repeatable on a loaded machine).
    static let rounds = ProcessInfo.processInfo.environment["FONSTERS_BENCH_ROUNDS"].flatMap { Int($0) } ?? 200
    static let repeats = rounds == 1 ? 1 : 5
    /// `FONSTERS_BENCH_ENGINES=fonsters-v1` (comma-separated) measures only those engines.
    static let engines = ProcessInfo.processInfo.environment["FONSTERS_BENCH_ENGINES"].map {
        $0.split(separator: ",").compactMap { EngineVersion(rawValue: String($0)) }
    } ?? EngineVersion.allCases

    /// The seeds of an engine's golden records.
    static func goldenSeeds(_ engine: EngineVersion) -> [String] {
        let name = engine == .v1 ? "engine-v1.json" : "engine-v2.json"
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Tests/Fixtures/golden/" + name)
        guard let data = try? Data(contentsOf: url),
              let records = (try? JSONParser.parse([UInt8](data)))?["records"]?.array else { return [] }
        return records.compactMap { $0["seed"]?.string }
    }

    static func microseconds(_ body: () -> Void) -> Double {
        let start = DispatchTime.now().uptimeNanoseconds
        body()
        return Double(DispatchTime.now().uptimeNanoseconds - start) / 1000
    }

    static func run() {
        var sink = 0
        for engine in engines {
            let seeds = goldenSeeds(engine)
            if rounds > 1 { for seed in seeds { sink &+= Int(Creature(seed: seed, engine: engine).grid.cells[500]) } }
            var best = Double.infinity
            for _ in 0..<repeats {
                best = min(best, microseconds {
                    for _ in 0..<rounds { for seed in seeds { sink &+= Int(Creature(seed: seed, engine: engine).grid.cells[500]) } }
                })
            }
            print(String(format: "engine %@: %.2f µs per creature (%d golden seeds × %d rounds, best of %d, one thread; target ≤ 2.5)",
                         engine.rawValue, best / Double(rounds * seeds.count), seeds.count, rounds, repeats))
        }
        for engine in engines { altTextBenchmark(engine) }
        for engine in engines { framesBenchmark(engine) }
        if rounds > 1 { pngSizes(goldenSeeds(.v1)) }
        if sink == 42 { print("") }
    }

    /// The alt text of every golden creature, on top of drawing it (`creature/render` returns it
    /// with every picture).
    static func altTextBenchmark(_ engine: EngineVersion) {
        let creatures = goldenSeeds(engine).map { Creature(seed: $0, engine: engine) }
        var best = Double.infinity, total = 0
        for _ in 0..<repeats {
            best = min(best, microseconds {
                for _ in 0..<max(1, rounds / 10) { for creature in creatures { total &+= AltText.sentence(for: creature).utf8.count } }
            })
        }
        print(String(format: "alt %@: %.2f µs per alt text (%d golden creatures × %d rounds, best of %d, one thread)",
                     engine.rawValue, best / Double(max(1, rounds / 10) * creatures.count), creatures.count, max(1, rounds / 10), repeats))
        // The render path: a creature and its alt text, drawn once (the drawing records the paint
        // log) against drawing it and then describing it.
        let seeds = goldenSeeds(engine), n = max(1, rounds / 10)
        var once = Double.infinity, twice = Double.infinity
        for _ in 0..<repeats {
            once = min(once, microseconds {
                for _ in 0..<n { for seed in seeds { total &+= AltText.creatureAndSentence(seed: seed, engine: engine).alt.utf8.count } }
            })
            twice = min(twice, microseconds {
                for _ in 0..<n { for seed in seeds { total &+= AltText.sentence(for: Creature(seed: seed, engine: engine)).utf8.count } }
            })
        }
        print(String(format: "render alt %@: %.2f µs per creature with its alt text, drawn once (%.2f µs drawing it, then its alt text)",
                     engine.rawValue, once / Double(n * seeds.count), twice / Double(n * seeds.count)))
        if total == 42 { print("") }
    }

    /// All frames of a 300-character seed as 256-px PNG data URIs.
    static func framesBenchmark(_ engine: EngineVersion) {
        let words = "The quick brown fox jumps over the lazy dog while Fonsters dance. "
        let seed = String(String(repeating: words, count: 5).prefix(300))
        let size = try! ImageSize(pixels: 256)
        var best = Double.infinity
        let tries = rounds == 1 ? 1 : 10
        for _ in 0..<tries {
            var total = 0
            let µs = microseconds {
                for prefix in Evolution.prefixes(of: seed) {
                    total += (try! Renderer.still(Creature(seed: prefix, engine: engine), format: .png, size: size)).dataURI.utf8.count
                }
            }
            best = min(best, µs)
            if total == 0 { print("") }
        }
        print(String(format: "frames %@: %.2f ms for all 300 frames of a 300-character seed as 256-px PNG data URIs (best of %d; target ≤ 5)",
                     engine.rawValue, best / 1000, tries))
    }

    /// The median size of a 256-px PNG over the golden seeds.
    static func pngSizes(_ seeds: [String]) {
        let size = try! ImageSize(pixels: 256)
        let sizes = seeds.map { (try! Renderer.still(Creature(seed: $0, engine: .v1), format: .png, size: size)).bytes.count }.sorted()
        print("png: median \(sizes[sizes.count / 2]) bytes for a 256-px PNG (golden seeds; min \(sizes.first!), max \(sizes.last!); target ≤ 400)")
    }
}
