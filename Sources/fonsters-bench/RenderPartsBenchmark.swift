import Foundation
import CreatureCore

/// Where a 256-px PNG `creature/render` spends its engine time, part by part, in process: the
/// seeds a pipelined render benchmark sends (`pipelined 1` … `pipelined 30000`), each part run
/// over all of them (`FONSTERS_BENCH_SEEDS` for another count); thread CPU time per seed, the
/// lowest of three runs.
enum RenderPartsBenchmark {
    static func run() {
        let count = Int(ProcessInfo.processInfo.environment["FONSTERS_BENCH_SEEDS"] ?? "") ?? 30_000
        let seeds = (1...max(1, count)).map { "pipelined \($0)" }
        let size = try! ImageSize(pixels: 256)
        var sink = 0
        func part(_ name: String, _ body: () -> Void) -> Double {
            let best = SVGBenchmark.measure(runs: 3, count: seeds.count, body).low
            print(String(format: "render part %@: %.2f µs a seed", name, best))
            return best
        }
        for engine in EngineBenchmark.engines {
            print("render parts, \(engine.rawValue), \(seeds.count) seeds:")
            let creatures = seeds.map { Creature(seed: $0, engine: engine) }
            let images = creatures.map { try! Renderer.still($0, format: .png, size: size) }
            var total = 0.0
            total += part("creature alone (drawn, no alt text)") {
                for seed in seeds { sink &+= Int(Creature(seed: seed, engine: engine).grid.cells[500]) }
            }
            let withAlt = part("creature with its alt text") {
                for seed in seeds { sink &+= AltText.creatureAndSentence(seed: seed, engine: engine).alt.utf8.count }
            }
            print(String(format: "render part the alt text alone: %.2f µs a seed", withAlt - total))
            total = withAlt
            total += part("PNG") { for c in creatures { sink &+= try! PNGEncoder.encode(c.sprite, scale: size.scale).count } }
            total += part("data URI") { for i in images { sink &+= i.dataURI.utf8.count } }
            total += part("ETag") { for i in images { sink &+= i.etag.utf8.count } }
            total += part("file name") {
                for seed in seeds { sink &+= Naming.exportFileName(name: "", seed: seed, fileExtension: "png").utf8.count }
            }
            let bytes = images.map(\.bytes.count).sorted()
            print(String(format: "render parts, %@: %.2f µs a seed in all; median PNG %d bytes", engine.rawValue, total, bytes[bytes.count / 2]))
        }
        if sink == 42 { print("") }
    }
}
